import { Avatar, type AvatarProps } from '@mantine/core';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  user: { firstName: string; lastName: string; profilePicture?: string | null };
}

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The user's picture, or their initials when there is none or it fails to load. */
export function UserAvatar({ user, ...props }: UserAvatarProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Avatar
      src={user.profilePicture || null}
      alt={fullName}
      name={fullName}
      color="initials"
      radius="xl"
      {...props}
    >
      {initialsOf(user.firstName, user.lastName)}
    </Avatar>
  );
}
