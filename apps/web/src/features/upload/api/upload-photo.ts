import type { Session } from '@yanzhi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postMultipart } from '../../../lib/api-client';
import { categoryKeys } from '../../../lib/categories';

export interface UploadInput {
  file: File;
  categoryId: number;
}

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
export function uploadPhoto({ file, categoryId }: UploadInput) {
  const form = new FormData();
  form.append('file', file);
  form.append('category_id', String(categoryId));
  return postMultipart('upload_photo', form);
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
