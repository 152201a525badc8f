import { cn } from '../../../shared/ui/cn';

/** A green dot for online, grey for offline, named for screen readers. */
export function OnlineDot({ online, className }: { online: boolean; className?: string }) {
  return (
    <span
      role="img"
      aria-label={online ? 'online' : 'offline'}
      title={online ? 'Online' : 'Offline'}
      className={cn(
        'block size-3 rounded-full ring-2 ring-white',
        online ? 'bg-green-500' : 'bg-slate-300',
        className,
      )}
    />
  );
}
