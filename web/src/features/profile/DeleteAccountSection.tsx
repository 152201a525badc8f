import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { useAppDispatch } from '../../shared/state/hooks';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { useRemoveAccountMutation, endSession, SIGN_IN_PATH, leaveSignInNotice } from '../auth';
import { useOpenedOnce } from '../../shared/ui/useOpenedOnce';
import { ModalLayer } from '../../shared/ui/ModalLayer';

export const ACCOUNT_DELETED_NOTICE = 'Your account and all of its data have been deleted.';

/**
 * The danger zone: deletes the account once confirmed here and, when this session has not
 * re-authenticated lately, in the "Confirm it's you" dialog.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <Card className="border-red-200 p-6 sm:p-8">
      <h2 className="text-base font-semibold text-red-700">Delete account</h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Deleting your account removes your profile, linked Spotify accounts, catalogue, song swaps,
        network and messages from {PRODUCT_NAME}. This cannot be undone.
      </p>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button variant="danger" className="mt-5">
            Delete account
          </Button>
        </Dialog.Trigger>
        <ModalLayer opened={opened}>
          {open && <DeleteAccountForm onCancel={() => setOpen(false)} />}
        </ModalLayer>
      </Dialog.Root>
    </Card>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [removeAccount, { isLoading, error }] = useRemoveAccountMutation();
  const formMessage = formLevelMessage(toDisplayError(error), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await removeAccount({});
    if ('error' in result) return;
    leaveSignInNotice(ACCOUNT_DELETED_NOTICE);
    endSession(dispatch, 'accountRemoved');
    await navigate(SIGN_IN_PATH, { replace: true });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Dialog.Title className="text-lg font-semibold text-slate-900">
        Delete your account?
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-slate-600">
        Everything in your {PRODUCT_NAME} account is deleted at once and cannot be restored.
      </Dialog.Description>
      {formMessage && (
        <div className="mt-5">
          <Alert tone="error">{formMessage}</Alert>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={isLoading} busyLabel="Deleting…">
          Delete account
        </Button>
      </div>
    </form>
  );
}
