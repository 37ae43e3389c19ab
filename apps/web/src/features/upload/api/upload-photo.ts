import type { Session } from '@yanzhi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postMultipartWithProgress, type UploadProgress } from '../../../lib/api-multipart';
import { categoryKeys } from '../../../lib/api/get-categories';

export interface UploadInput {
  file: Blob;
  categoryId: number;
  onProgress?: (progress: UploadProgress) => void;
}

/** The name the cropped JPEG is sent under. */
export const UPLOAD_FILE_NAME = 'photo.jpg';

type SessionLike = Pick<Session, 'token' | 'refresh_token' | 'userInfo'>;

/** The first upload of a device without a session answers with that device account's session. */
export function sessionFrom(data: unknown): SessionLike | null {
  if (typeof data !== 'object' || data === null) return null;
  const candidate: unknown = (data as { session?: unknown }).session ?? data;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const session = candidate as Record<string, unknown>;
  if (typeof session.token !== 'string' || typeof session.userInfo !== 'object') return null;
  if (session.userInfo === null) return null;
  return {
    token: session.token,
    refresh_token: typeof session.refresh_token === 'string' ? session.refresh_token : '',
    userInfo: session.userInfo as SessionLike['userInfo'],
  };
}

/** Multipart `upload_photo` with `file` and `category_id` (DESIGN §3). */
export function uploadPhoto({ file, categoryId, onProgress }: UploadInput) {
  const form = new FormData();
  const named =
    file instanceof File ? file : new File([file], UPLOAD_FILE_NAME, { type: file.type });
  form.append('file', named);
  form.append('category_id', String(categoryId));
  return postMultipartWithProgress('upload_photo', form, { onProgress });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async () => {
      // The profile's photo list (its keys start with 'profile'; features do not import each other).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]);
    },
  });
}
