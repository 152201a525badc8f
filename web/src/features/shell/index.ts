/** The shell feature's entry: the avatar every screen shows people with. */
export { UserAvatar } from './UserAvatar';
