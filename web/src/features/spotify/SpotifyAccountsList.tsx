import type { User } from '../../../../common/api/user.js';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LinkIcon } from '../../shared/ui/icons';

/** The user's linked Spotify accounts, or an empty state saying there are none. */
export function SpotifyAccountsList({ accounts }: { accounts: User['accounts'] }) {
  if (accounts.length === 0) {
    return (
      <EmptyState icon={<LinkIcon className="size-6" />} title="No Spotify accounts linked yet">
        A linked Spotify account lets you manage its playlists, add songs to your catalogue and
        place swapped songs. Linking accounts is not available in this version yet; when it is, you
        start it from this page.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {accounts.map((account) => (
        <li key={account.id} className="flex items-center justify-between gap-4 px-5 py-4">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900">{account.email}</p>
            <p className="text-xs text-slate-500">Spotify account {account.id}</p>
          </div>
          {account.regrant ? (
            <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800">
              Needs to be reconnected
            </span>
          ) : (
            <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-700">
              Connected
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
