import { useState, type FormEvent } from 'react';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { LoadingState } from '../../shared/ui/LoadingState';
import { CodeField, PasswordField } from '../../shared/ui/CredentialFields';
import {
  useDisableTotpMutation,
  useEnableTotpMutation,
  useSetUpTotpMutation,
  useTwoFactorQuery,
} from './securityApi';

/** Two-factor sign-in with an authenticator app: turn on (QR code, typed code), codes, turn off. */
export function TwoFactorSection() {
  const { data, isLoading, error, refetch } = useTwoFactorQuery();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-base font-semibold text-slate-900">Two-factor sign-in</h2>
      <p className="mt-1 text-sm text-slate-600">
        After your password, signing in asks for a code from an authenticator app.
      </p>
      <div className="mt-4 space-y-4">
        {isLoading && <LoadingState label="Loading two-factor sign-in…" className="py-4" />}
        {error && (
          <ApiErrorAlert
            error={toDisplayError(error)!}
            title="We could not load your two-factor settings"
            onRetry={() => void refetch()}
          />
        )}
        {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
        {data &&
          (data.totpEnabled ? (
            <TurnOff
              recoveryCodesLeft={data.recoveryCodesLeft}
              onOff={() => setRecoveryCodes(null)}
            />
          ) : (
            <TurnOn onOn={setRecoveryCodes} />
          ))}
      </div>
    </Card>
  );
}

function TurnOn({ onOn }: { onOn: (codes: string[]) => void }) {
  const [setUp, setup] = useSetUpTotpMutation();
  const [enable, enabling] = useEnableTotpMutation();
  const [code, setCode] = useState('');
  const displayError = toDisplayError(enabling.error ?? setup.error);
  const formMessage = formLevelMessage(displayError, ['code']);

  if (!setup.data) {
    return (
      <>
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <Button busy={setup.isLoading} busyLabel="Preparing…" onClick={() => void setUp()}>
          Turn on two-factor sign-in
        </Button>
      </>
    );
  }
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await enable({ code });
    if ('data' in result && result.data) onOn(result.data.recoveryCodes);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Scan this QR code with your authenticator app, or type the key by hand. Then enter the code
        the app shows.
      </p>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={setup.data.qrCode}
          alt="QR code to add Curator to your authenticator app"
          className="h-40 w-40 rounded border border-slate-200"
        />
        <div>
          <p className="text-xs text-slate-500">Key</p>
          <code className="font-mono text-sm break-all text-slate-900">{setup.data.secret}</code>
        </div>
      </div>
      {formMessage && <Alert tone="error">{formMessage}</Alert>}
      <CodeField required value={code} onValue={setCode} error={displayError?.fields.code} />
      <Button type="submit" busy={enabling.isLoading} busyLabel="Turning on…">
        Confirm and turn on
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert tone="success" title="Two-factor sign-in is on. Save your recovery codes">
      Each code signs you in once if you lose your phone. They are shown only now.
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </Alert>
  );
}

function TurnOff({ recoveryCodesLeft, onOff }: { recoveryCodesLeft: number; onOff: () => void }) {
  const [disable, { isLoading, error }] = useDisableTotpMutation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, ['code', 'password']);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await disable(code.trim() ? { code } : { password });
    if ('data' in result) onOff();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        <strong className="font-medium text-emerald-700">On.</strong> {recoveryCodesLeft} recovery
        codes left. To turn it off, enter a current code or your password.
      </p>
      {formMessage && <Alert tone="error">{formMessage}</Alert>}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <CodeField value={code} onValue={setCode} error={displayError?.fields.code} />
        <PasswordField
          label="Or your password"
          required={false}
          value={password}
          onValue={setPassword}
          error={displayError?.fields.password}
        />
      </div>
      <Button type="submit" variant="danger" busy={isLoading} busyLabel="Turning off…">
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}
