/*
 * The product's icons: what each means here, drawn by Lucide (lucide-react). One import per
 * icon file (lucide-react/icons/<name>), so a chunk carries only the icons its code draws,
 * and a name here that no screen of a chunk uses costs that chunk nothing. Lucide draws them
 * with the current text colour and hides them from assistive technology (aria-hidden) unless
 * given an accessible name; the size comes from the caller's class (size-4, size-5, ...).
 */
import type { LucideIcon } from 'lucide-react';

export type IconComponent = LucideIcon;

// The areas of the product (sidebar, home, empty states).
export { default as HomeIcon } from 'lucide-react/icons/house';
export { default as PlaylistIcon } from 'lucide-react/icons/list-music';
export { default as CatalogIcon } from 'lucide-react/icons/disc-3';
export { default as SwapIcon } from 'lucide-react/icons/arrow-right-left';
export { default as NetworkIcon } from 'lucide-react/icons/users';
export { default as DiscoveryIcon } from 'lucide-react/icons/compass';
export { default as MessengerIcon } from 'lucide-react/icons/message-circle';
export { default as ProfileIcon } from 'lucide-react/icons/user-round';

// Actions and states.
export { default as ChevronDownIcon } from 'lucide-react/icons/chevron-down';
export { default as ChevronRightIcon } from 'lucide-react/icons/chevron-right';
export { default as SignOutIcon } from 'lucide-react/icons/log-out';
export { default as LinkIcon } from 'lucide-react/icons/link';
export { default as MailIcon } from 'lucide-react/icons/mail';
export { default as CheckCircleIcon } from 'lucide-react/icons/circle-check';
export { default as AlertIcon } from 'lucide-react/icons/triangle-alert';
export { default as SparkIcon } from 'lucide-react/icons/sparkles';
export { default as MenuIcon } from 'lucide-react/icons/menu';
export { default as BellIcon } from 'lucide-react/icons/bell';
export { default as TrashIcon } from 'lucide-react/icons/trash-2';
export { default as ArrowUpIcon } from 'lucide-react/icons/arrow-up';
export { default as ArrowDownIcon } from 'lucide-react/icons/arrow-down';
export { default as LockIcon } from 'lucide-react/icons/lock';
export { default as SearchIcon } from 'lucide-react/icons/search';
export { default as CloseIcon } from 'lucide-react/icons/x';
export { default as CheckIcon } from 'lucide-react/icons/check';
export { default as MinusIcon } from 'lucide-react/icons/minus';
export { default as PlusIcon } from 'lucide-react/icons/plus';
export { default as MoreIcon } from 'lucide-react/icons/ellipsis';
export { default as DuplicateIcon } from 'lucide-react/icons/copy';

// Songs: a favourite is a star filled with the current colour (fill="currentColor").
export { default as StarIcon } from 'lucide-react/icons/star';
export { default as NoteIcon } from 'lucide-react/icons/music';
