import type { Friend, FriendGroup } from '../../../../common/api/users/schemas.js';

/*
 * Groups support create, update, delete, add member and remove
 * member. The server answers a group as it now is; these put it into what the client holds.
 */

/** A group created (added at the end) or changed (replaced where it was). */
export function groupSaved(groups: FriendGroup[], group: FriendGroup): FriendGroup[] {
  return groups.some((held) => held.id === group.id)
    ? groups.map((held) => (held.id === group.id ? group : held))
    : [...groups, group];
}

export function groupDeleted(groups: FriendGroup[], groupId: string): FriendGroup[] {
  return groups.filter((group) => group.id !== groupId);
}

/** The friends' group memberships (Friend.groupIds) as a group's members now say. */
export function membershipsAfter(friends: Friend[], group: FriendGroup): Friend[] {
  const members = new Set(group.members.map((member) => member.friendId));
  return friends.map((friend) => {
    const inGroup = friend.groupIds.includes(group.id);
    const shouldBe = members.has(friend.id);
    if (inGroup === shouldBe) return friend;
    return {
      ...friend,
      groupIds: shouldBe
        ? [...friend.groupIds, group.id]
        : friend.groupIds.filter((id) => id !== group.id),
    };
  });
}
