import { contract } from '@sira/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** The server reads the post (addresses, job title, company) and says which addresses this user may still write to. */
export const readJobAd = (text: string) => call(contract.jobAds.read, { body: { text } });

export const useReadJobAd = () => useMutation({ mutationFn: readJobAd });
