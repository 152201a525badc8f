import { useState, type FormEvent } from 'react';
import type { Notifications, User } from '../../../../common/api/user.js';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { useUpdateProfileMutation } from '../auth';

const NOTIFICATION_CHOICES: { key: keyof Notifications; label: string; description: string }[] = [
  {
    key: 'swaps',
    label: 'Song swaps',
    description: 'When a swap is opened with you, accepted or changed.',
  },
  { key: 'messages', label: 'Messages', description: 'When a curator sends you a message.' },
  {
    key: 'friendRequests',
    label: 'Friend requests',
    description: 'When a curator sends you a friend request or accepts yours.',
  },
];

const FORM_FIELDS = [
  ...NOTIFICATION_CHOICES.map((choice) => `notifications.${choice.key}`),
  'showOnlineStatus',
];

/**
 * The notifications section: the e-mail switches {swaps, messages, friendRequests}, and whether
 * friends and conversation partners see when the curator is online.
 */
export function NotificationsForm({ user }: { user: User }) {
  const [notifications, setNotifications] = useState(user.profile.notifications);
  const [showOnlineStatus, setShowOnlineStatus] = useState(user.profile.showOnlineStatus);
  const [updateProfile, { isLoading, isSuccess, error, reset }] = useUpdateProfileMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, FORM_FIELDS);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void updateProfile({ notifications, showOnlineStatus });
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <fieldset>
          <legend className="text-base font-semibold text-slate-900">E-mail notifications</legend>
          <p className="mt-1 text-sm text-slate-600">Choose what we e-mail you about.</p>
          <div className="mt-4 space-y-3">
            {NOTIFICATION_CHOICES.map((choice) => (
              <CheckboxField
                key={choice.key}
                name={`notifications.${choice.key}`}
                label={choice.label}
                description={choice.description}
                checked={notifications[choice.key]}
                onChange={(event) => {
                  if (isSuccess) reset();
                  setNotifications({ ...notifications, [choice.key]: event.target.checked });
                }}
                error={displayError?.fields[`notifications.${choice.key}`]}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-base font-semibold text-slate-900">Online status</legend>
          <p className="mt-1 text-sm text-slate-600">
            Only your friends and the curators you have written to can see when you are online.
          </p>
          <div className="mt-4">
            <CheckboxField
              name="showOnlineStatus"
              label="Show when I am online"
              description="When this is off, you appear offline to everyone."
              checked={showOnlineStatus}
              onChange={(event) => {
                if (isSuccess) reset();
                setShowOnlineStatus(event.target.checked);
              }}
              error={displayError?.fields.showOnlineStatus}
            />
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={isLoading} busyLabel="Saving…">
            Save choices
          </Button>
          {isSuccess && (
            <p role="status" className="text-sm font-medium text-emerald-700">
              Your choices have been saved.
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}
