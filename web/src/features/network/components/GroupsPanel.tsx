import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GROUP_NAME_MAX, GROUPS_MAX } from '../../../../../common/api/users/limits.js';
import type { Friend, FriendGroup } from '../../../../../common/api/users/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { FieldError, inputClassName, TextField } from '../../../shared/ui/TextField';
import {
  FRIENDS_ARG,
  useAddToFriendGroupMutation,
  useCreateFriendGroupMutation,
  useDeleteFriendGroupMutation,
  useFriendGroupsQuery,
  useFriendsInfiniteQuery,
  useRemoveFromFriendGroupMutation,
  useRenameFriendGroupMutation,
} from '../networkApi';
import { CuratorAvatar } from './CuratorAvatar';

/** The user's private friend groups: create, rename, delete, add and remove friends. */
export function GroupsPanel() {
  const groups = useFriendGroupsQuery();
  const friends = useFriendsInfiniteQuery(FRIENDS_ARG);
  const allFriends = friends.data?.pages.flatMap((page) => page.friends) ?? [];
  const error = toDisplayError(groups.error);
  if (groups.isLoading) return <LoadingState label="Loading your groups…" />;
  if (error) {
    return (
      <ApiErrorAlert
        error={error}
        title="Your groups could not be loaded"
        onRetry={() => void groups.refetch()}
      />
    );
  }
  const list = groups.data ?? [];
  return (
    <div className="space-y-6">
      <CreateGroupForm atLimit={list.length >= GROUPS_MAX} />
      {list.length === 0 ? (
        <p className="text-sm text-slate-500">
          No groups yet. Groups are private lists of your friends, for example the curators you swap
          with every month.
        </p>
      ) : (
        <ul aria-label="Groups" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {list.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} friends={allFriends} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateGroupForm({ atLimit }: { atLimit: boolean }) {
  const [name, setName] = useState('');
  const [create, { isLoading, error, reset }] = useCreateFriendGroupMutation();
  const displayError = toDisplayError(error);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name });
    if (!('error' in result)) {
      setName('');
      reset();
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-end gap-3">
      <TextField
        className="w-full max-w-xs"
        label="New group"
        placeholder="e.g. Lo-fi swappers"
        maxLength={GROUP_NAME_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={displayError ? (displayError.fields.name ?? displayError.message) : undefined}
      />
      <Button type="submit" busy={isLoading} disabled={atLimit || !name.trim()}>
        Create group
      </Button>
    </form>
  );
}

function GroupCard({ group, friends }: { group: FriendGroup; friends: Friend[] }) {
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [remove, removing] = useRemoveFromFriendGroupMutation();
  const [deleteGroup, deleting] = useDeleteFriendGroupMutation();
  const memberIds = new Set(group.members.map((member) => member.friendId));
  const candidates = friends.filter((friend) => !memberIds.has(friend.id));
  const removeError = toDisplayError(removing.error);

  return (
    <section
      aria-label={`Group ${group.name}`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      {renaming ? (
        <RenameForm group={group} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex items-center justify-between gap-2">
          <h3 className="truncate font-semibold text-slate-900">{group.name}</h3>
          <div className="flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setRenaming(true)}>
              Rename<span className="sr-only"> {group.name}</span>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)}>
              Delete<span className="sr-only"> {group.name}</span>
            </Button>
          </div>
        </div>
      )}
      {group.members.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No friends in this group yet.</p>
      ) : (
        <ul aria-label={`Members of ${group.name}`} className="mt-3 space-y-2">
          {group.members.map((member) => (
            <li key={member.id} className="flex items-center gap-2">
              <CuratorAvatar curator={member} className="size-7" />
              <Link
                to={`/network/profile/${member.friendId}`}
                className="flex-1 truncate text-sm text-slate-800 hover:underline"
              >
                {member.name}
              </Link>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${member.name} from ${group.name}`}
                disabled={removing.isLoading}
                onClick={() => void remove({ groupId: group.id, friendId: member.friendId })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removeError && <FieldError id={`remove-${group.id}`} message={removeError.message} />}
      <AddMemberForm group={group} candidates={candidates} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${group.name}?`}
        confirmLabel="Delete group"
        busy={deleting.isLoading}
        error={toDisplayError(deleting.error)}
        onConfirm={() =>
          void deleteGroup({ groupId: group.id }).then((result) => {
            if (!('error' in result)) setConfirmDelete(false);
          })
        }
      >
        The group goes; your friendships stay.
      </ConfirmDialog>
    </section>
  );
}

function RenameForm({ group, onDone }: { group: FriendGroup; onDone: () => void }) {
  const [name, setName] = useState(group.name);
  const [rename, { isLoading, error }] = useRenameFriendGroupMutation();
  const displayError = toDisplayError(error);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await rename({ groupId: group.id, name });
    if (!('error' in result)) onDone();
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex items-end gap-2">
      <TextField
        className="flex-1"
        label={`New name for ${group.name}`}
        maxLength={GROUP_NAME_MAX}
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        error={displayError ? (displayError.fields.name ?? displayError.message) : undefined}
      />
      <Button type="submit" size="sm" busy={isLoading}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

function AddMemberForm({ group, candidates }: { group: FriendGroup; candidates: Friend[] }) {
  const [friendId, setFriendId] = useState('');
  const [add, { isLoading, error }] = useAddToFriendGroupMutation();
  const displayError = toDisplayError(error);
  if (candidates.length === 0) return null;
  const selectId = `add-to-${group.id}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!friendId) return;
    const result = await add({ groupId: group.id, friendId });
    if (!('error' in result)) setFriendId('');
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-4 flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-800">
          Add a friend to {group.name}
        </label>
        <select
          id={selectId}
          className={inputClassName}
          value={friendId}
          onChange={(event) => setFriendId(event.target.value)}
        >
          <option value="">Choose a friend…</option>
          {candidates.map((friend) => (
            <option key={friend.id} value={friend.id}>
              {friend.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" variant="secondary" busy={isLoading} disabled={!friendId}>
        Add
      </Button>
      {displayError && <FieldError id={`${selectId}-error`} message={displayError.message} />}
    </form>
  );
}
