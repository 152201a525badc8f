import { useState, type FormEvent } from 'react';
import type { User } from '../../../../common/api/user.js';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { TextAreaField } from '../../shared/ui/TextAreaField';
import { TextField } from '../../shared/ui/TextField';
import { useUpdateProfileMutation } from '../auth';
import { DESCRIPTION_MAX, NAME_MAX, NETWORK_MAX } from '../../../../common/api/auth/limits.js';

const FORM_FIELDS = ['name', 'description', 'network'];

/** The details section: name, description and network; saved with auth/profile. */
export function ProfileForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [description, setDescription] = useState(user.profile.description);
  const [network, setNetwork] = useState(user.profile.network);
  const [updateProfile, { isLoading, isSuccess, error, reset }] = useUpdateProfileMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, FORM_FIELDS);

  const edited = () => {
    if (isSuccess) reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void updateProfile({ name, description, network });
  };

  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Details</h2>
          <p className="mt-1 text-sm text-slate-600">
            Other curators see your name, description and network.
          </p>
        </div>
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX}
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
            maxLength={NETWORK_MAX}
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
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(event) => {
            edited();
            setDescription(event.target.value);
          }}
          error={displayError?.fields.description}
          hint="What you curate: genres, moods, audiences."
        />
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
