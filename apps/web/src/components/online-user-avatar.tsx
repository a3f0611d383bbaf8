import { Avatar, type AvatarProps } from '@mantine/core';
import type { OnlineUser } from '@vaskedrift/shared';
import { initials } from '../lib/format';

/**
 * A user on the online list: their picture when it is a link, else the initials of their name on a colour
 * of its own, so the people in the header's overlapping row can be told apart.
 */
export function OnlineUserAvatar({ user, ...props }: { user: OnlineUser } & AvatarProps) {
  const words = user.user_name.split(/\s+/).filter(Boolean);
  return (
    <Avatar
      radius="xl"
      variant="filled"
      color="initials"
      name={user.user_name}
      src={user.user_avatar}
      alt={user.user_name}
      {...props}
    >
      {initials({
        firstName: words[0],
        lastName: words.length > 1 ? words.at(-1) : '',
        email: user.user_email,
      })}
    </Avatar>
  );
}
