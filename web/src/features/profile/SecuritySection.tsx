import { useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import type { ActivityEntry } from '../../../../common/api/auth/schemas.js';
import type { User } from '../../../../common/api/user.js';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PasswordField } from '../../shared/ui/CredentialFields';
import { TextField } from '../../shared/ui/TextField';
import { useActivityQuery, useChangeEmailMutation, useChangePasswordMutation } from '../auth';
import { DeleteAccountSection } from './DeleteAccountSection';
import { PasskeysSection } from './PasskeysSection';
import { ReauthenticationDialog } from './ReauthenticationDialog';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * The security section: e-mail, password, two-factor sign-in, passkeys, sessions, activity,
 * deletion. Changing the e-mail, turning on two-factor sign-in, adding a passkey, signing out
 * the other sessions and deleting the account first ask "Confirm it's you" when this session
 * has not done so in the last minutes (ReauthenticationDialog), then carry on.
 */
export function SecuritySection({ user }: { user: User }) {
  return (
    <div className="space-y-10">
      <ChangeEmailForm user={user} />
      <ChangePasswordForm />
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <ActivityList />
      <DeleteAccountSection />
      <ReauthenticationDialog />
    </div>
  );
}

function ChangeEmailForm({ user }: { user: User }) {
  const [email, setEmail] = useState('');
  const [changeEmail, { isLoading, isSuccess, error, reset, originalArgs }] =
    useChangeEmailMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, ['email']);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await changeEmail({ email });
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">E-mail address</h2>
          <p className="mt-1 text-sm text-slate-600">
            You sign in with <strong className="font-medium text-slate-900">{user.email}</strong>.
            We send a link to the new address; your address changes once you open it.
          </p>
        </div>
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        {isSuccess && (
          <Alert tone="success" title="Check your inbox">
            We sent a confirmation link to {originalArgs?.email.trim()}. Open it within 48 hours to
            start using that address.
          </Alert>
        )}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="New e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              if (isSuccess) reset();
              setEmail(event.target.value);
            }}
            error={displayError?.fields.email}
          />
        </div>
        <Button type="submit" busy={isLoading} busyLabel="Sending…">
          Change e-mail address
        </Button>
      </form>
    </Card>
  );
}

function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [changePassword, { isLoading, isSuccess, error, reset }] = useChangePasswordMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, ['currentPassword', 'newPassword']);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await changePassword({ currentPassword, newPassword });
    if ('data' in result) {
      setCurrentPassword('');
      setNewPassword('');
    }
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Password</h2>
          <p className="mt-1 text-sm text-slate-600">
            Changing it signs you out on every other device.
          </p>
        </div>
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        {isSuccess && (
          <Alert tone="success" title="Password changed">
            Your other devices were signed out; this one stays signed in.
          </Alert>
        )}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <PasswordField
            label="Current password"
            name="currentPassword"
            value={currentPassword}
            onValue={(value) => {
              if (isSuccess) reset();
              setCurrentPassword(value);
            }}
            error={displayError?.fields.currentPassword}
          />
          <PasswordField
            purpose="new"
            label="New password"
            name="newPassword"
            value={newPassword}
            onValue={setNewPassword}
            error={displayError?.fields.newPassword}
            hint="8 to 128 characters; not a common password."
          />
        </div>
        <Button type="submit" busy={isLoading} busyLabel="Changing…">
          Change password
        </Button>
      </form>
    </Card>
  );
}

const ACTIVITY_LABELS: Record<ActivityEntry['type'], string> = {
  login: 'Signed in',
  logout: 'Signed out',
  'password change': 'Password changed',
  'email change': 'E-mail address changed',
  'remove friend': 'Removed a friend',
};

/** The activity list, newest first, one page after another. */
function ActivityList() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <Card className="p-6 sm:p-8">
      <h2 id="activity-heading" className="text-base font-semibold text-slate-900">
        Activity
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sign-ins, sign-outs and changes to your account. Something you do not recognise? Change your
        password.
      </p>
      <ol aria-labelledby="activity-heading" className="mt-4 divide-y divide-slate-100">
        {cursors.map((cursor, index) => (
          <ActivityPage
            key={cursor ?? 'first'}
            cursor={cursor}
            isLast={index === cursors.length - 1}
            onMore={(next) => setCursors((loaded) => [...loaded, next])}
          />
        ))}
      </ol>
    </Card>
  );
}

function ActivityPage({
  cursor,
  isLast,
  onMore,
}: {
  cursor: string | undefined;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const { data, isLoading, error, refetch } = useActivityQuery(cursor ? { cursor } : {});
  if (isLoading)
    return (
      <li>
        <LoadingState label="Loading activity…" className="py-6" />
      </li>
    );
  if (error)
    return (
      <li className="py-3">
        <ApiErrorAlert
          error={toDisplayError(error)!}
          title="We could not load your activity"
          onRetry={() => void refetch()}
        />
      </li>
    );
  if (!data) return null;
  if (!cursor && data.activity.length === 0)
    return <li className="py-3 text-sm text-slate-600">No activity yet.</li>;
  return (
    <>
      {data.activity.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
          <span className="text-sm font-medium text-slate-900">{ACTIVITY_LABELS[entry.type]}</span>
          <span className="text-xs text-slate-500">
            <time dateTime={entry.createdAt}>
              {format(new Date(entry.createdAt), 'LLLL dd, yyyy HH:mm')}
            </time>
            {entry.ip ? ` · ${entry.ip}` : ''}
          </span>
        </li>
      ))}
      {isLast && data.nextCursor && (
        <li className="pt-4">
          <Button variant="secondary" size="sm" onClick={() => onMore(data.nextCursor!)}>
            Show earlier activity
          </Button>
        </li>
      )}
    </>
  );
}
