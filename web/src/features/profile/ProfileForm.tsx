import { useState, type FormEvent } from 'react';
import type { Notifications, User } from '../../../../common/api/user.js';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { TextAreaField } from '../../shared/ui/TextAreaField';
import { TextField } from '../../shared/ui/TextField';
import { useUpdateProfileMutation } from '../auth/authApi';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NETWORK_MAX_LENGTH,
} from '../auth/contractLimits';

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
  'name',
  'description',
  'network',
  ...NOTIFICATION_CHOICES.map((choice) => `notifications.${choice.key}`),
];

/** Name, description, network and e-mail notifications; saved with auth/profile. */
export function ProfileForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [description, setDescription] = useState(user.profile.description);
  const [network, setNetwork] = useState(user.profile.network);
  const [notifications, setNotifications] = useState(user.profile.notifications);
  const [updateProfile, { isLoading, isSuccess, error, reset }] = useUpdateProfileMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, FORM_FIELDS);

  const edited = () => {
    if (isSuccess) reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void updateProfile({ name, description, network, notifications });
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Profile</h2>
          <p className="mt-1 text-sm text-slate-600">
            Other curators see your name, description and network.
          </p>
        </div>
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => {
              edited();
              setName(event.target.value);
            }}
            error={displayError?.fields.name}
          />
          <TextField
            label="Network"
            name="network"
            maxLength={NETWORK_MAX_LENGTH}
            value={network}
            onChange={(event) => {
              edited();
              setNetwork(event.target.value);
            }}
            error={displayError?.fields.network}
            hint="The label, collective or playlist network you curate for."
          />
        </div>
        <TextAreaField
          label="Description"
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX_LENGTH}
          value={description}
          onChange={(event) => {
            edited();
            setDescription(event.target.value);
          }}
          error={displayError?.fields.description}
          hint="What you curate: genres, moods, audiences."
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">E-mail notifications</legend>
          <div className="mt-3 space-y-3">
            {NOTIFICATION_CHOICES.map((choice) => (
              <CheckboxField
                key={choice.key}
                name={`notifications.${choice.key}`}
                label={choice.label}
                description={choice.description}
                checked={notifications[choice.key]}
                onChange={(event) => {
                  edited();
                  setNotifications({ ...notifications, [choice.key]: event.target.checked });
                }}
                error={displayError?.fields[`notifications.${choice.key}`]}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={isLoading} busyLabel="Saving…">
            Save changes
          </Button>
          {isSuccess && (
            <p role="status" className="text-sm font-medium text-emerald-700">
              Your profile has been saved.
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}
