import type { Conversation } from '../messengerTransitions';
import { UserAvatar } from '../../shell';
import { cn } from '../../../shared/ui/cn';
import { OnlineDot } from './OnlineDot';

/** The other curator's picture or initials, with their online dot at the corner. */
export function PartnerAvatar({
  user,
  online,
  className,
}: {
  user: Conversation['otherUser'];
  online: boolean;
  className?: string;
}) {
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      <UserAvatar user={{ ...user, images: [] }} className="size-10" />
      <OnlineDot online={online} className="absolute -right-0.5 -bottom-0.5" />
    </span>
  );
}
