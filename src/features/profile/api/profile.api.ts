import type { DetailUserResponse } from '../../../../contract/auth.ts';
import type { MessageResponse } from '../../../../contract/common.ts';
import type { UpdatePasswordBody, UpdateProfileResponse } from '../../../../contract/profile.ts';
import { api } from '../../../api/api.ts';

export interface UpdateProfileArgs {
  /** The current number (the server checks it is the session's). */
  nohp: string;
  nama: string;
  email: string;
  /** A new login number; empty keeps the current one. */
  newNohp: string;
  photo?: { blob: Blob; fileName: string } | null;
}

/** Profile User (spec section 7): detail, profile save (multipart) and password change. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileDetail: build.query<DetailUserResponse, void>({
      query: () => '/users/detail-user',
      providesTags: ['User'],
    }),
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileArgs>({
      query: ({ nohp, nama, email, newNohp, photo }) => {
        const body = new FormData();
        body.append('nohp', nohp);
        body.append('nama', nama);
        body.append('email', email);
        body.append('newNohp', newNohp);
        if (photo) body.append('profilePic', photo.blob, photo.fileName);
        return { url: '/users/profile', method: 'PUT', body };
      },
      // The header's identity and admin lists show the name, number and photo.
      invalidatesTags: ['User', 'Auth'],
    }),
    updatePassword: build.mutation<MessageResponse, UpdatePasswordBody>({
      query: (body) => ({ url: '/users/update-password', method: 'PUT', body }),
    }),
  }),
});

export const { useProfileDetailQuery, useUpdateProfileMutation, useUpdatePasswordMutation } = profileApi;
