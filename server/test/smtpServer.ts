import { SMTPServer } from 'smtp-server';
import { freePort } from './instances.js';

/** A mail as the SMTP stand-in received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

/**
 * A real SMTP server of the test's own (the `smtp-server` package) on a free port, which
 * records every mail it accepts and can be stopped and started again on the same port, as an
 * SMTP relay going away and coming back. It asks for the user and password in `url`
 * (AUTH PLAIN/LOGIN without TLS), so the product's SMTP URL is used as in production.
 */
export interface SmtpStandIn {
  /** smtp://user:pass@127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Whether it is listening. */
  running(): boolean;
  start(): Promise<void>;
  /** Stops listening; open sessions are told 421 and cut. Connecting then is refused. */
  stop(): Promise<void>;
}

const USER = 'curator';
const PASSWORD = 'smtp-test-password';

/** A header's value from a raw message (first occurrence, folded lines joined). */
export function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

export async function smtpStandIn(): Promise<SmtpStandIn> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;

  const create = () =>
    new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      // Sessions still open at stop are cut at once, not after smtp-server's 30 s grace.
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD)
          return callback(null, { user: USER });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom ? mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: headerOf(raw, 'Subject'),
            messageId: headerOf(raw, 'Message-ID'),
            raw,
          });
          callback();
        });
      },
    });

  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    port,
    received,
    running: () => server !== undefined,
    async start() {
      if (server) return;
      const starting = create();
      await new Promise<void>((resolve, reject) => {
        starting.server.once('error', reject);
        starting.listen(port, '127.0.0.1', () => {
          starting.server.off('error', reject);
          resolve();
        });
      });
      server = starting;
    },
    async stop() {
      const stopping = server;
      server = undefined;
      if (!stopping) return;
      await new Promise<void>((resolve) => stopping.close(() => resolve()));
    },
  };
}
