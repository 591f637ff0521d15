import { contract } from '@sira/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** The attachment's name as the companies will see it; the server cleans it and answers the name it kept. */
export const renameResume = ({ id, name }: { id: string; name: string }) =>
  call(contract.sending.renameResume, { params: { id }, body: { name } });

export const useRenameResume = () => useMutation({ mutationFn: renameResume });
