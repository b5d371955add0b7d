import {
  PROFILE_PICTURE_FIELD,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type ProfilePictureResponse,
  type UpdateProfileBody,
  type User,
} from '@csp/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-context.ts';

/** The profile calls of spec part 2 §7 (paths under /api); GET /auth/profile is the auth feature's. */
export const profileApi = {
  update: (body: UpdateProfileBody) => api.patch<User>('/auth/profile', body).then((r) => r.data),
  uploadPicture: (userId: string, file: File) => {
    const form = new FormData();
    form.append(PROFILE_PICTURE_FIELD, file);
    return api.post<ProfilePictureResponse>(`/users/${userId}/profile-picture`, form).then((r) => r.data);
  },
  deletePicture: (userId: string) =>
    api.delete<ProfilePictureResponse>(`/users/${userId}/profile-picture`).then((r) => r.data),
  changePassword: (body: ChangePasswordBody) =>
    api.patch<ChangePasswordResponse>('/auth/change-password', body).then((r) => r.data),
};

/**
 * Puts a changed user into the one source of the signed-in user (the auth feature's query), so the
 * top bar, the sidebar and this page show it at once.
 */
function useApplyUser() {
  const { updateUser } = useAuth();
  return (user: User) => updateUser(user);
}

export interface ProfileEdit {
  /** The fields the person changed (the others are not sent, so nobody else's change is undone). */
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  /** A newly chosen picture, uploaded before the names are saved. */
  picture: File | null;
  /** Called once the picture is stored, so a later retry does not send it again. */
  onPictureSaved?: () => void;
}

/**
 * Save of the edit form: uploads a chosen picture (POST /users/{id}/profile-picture), then saves the
 * names and phone (PATCH /auth/profile). Failures show the server's message, else 'Failed to update
 * profile'.
 */
export function useSaveProfileMutation(userId: string) {
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: async ({ picture, onPictureSaved, ...changed }: ProfileEdit) => {
      if (picture) {
        applyUser((await profileApi.uploadPicture(userId, picture)).user);
        onPictureSaved?.();
      }
      return profileApi.update(changed);
    },
    onSuccess: applyUser,
    meta: { errorMessage: 'Failed to update profile' },
  });
}

export function useDeletePictureMutation(userId: string) {
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: () => profileApi.deletePicture(userId),
    onSuccess: (data) => applyUser(data.user),
    meta: { errorMessage: 'Failed to delete profile picture' },
  });
}

/** PATCH /auth/change-password; the answer's access_token replaces the stored one (older tokens die). */
export function useChangePasswordMutation() {
  const { setToken } = useAuth();
  return useMutation({
    mutationFn: profileApi.changePassword,
    onSuccess: (data) => setToken(data.access_token),
    meta: { errorMessage: 'Failed to change password' },
  });
}
