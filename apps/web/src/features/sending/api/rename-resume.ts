import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** The attachment's name as the companies will see it; the server cleans it and answers the name it kept. */
export const renameResume = ({ id, name }: { id: string; name: string }) =>
  api<{ id: string; name: string }>(`/api/sending/resumes/${id}`, { method: 'PATCH', json: { name } });

export const useRenameResume = () => useMutation({ mutationFn: renameResume });
