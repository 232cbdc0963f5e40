import useSWR from 'swr';
import type { EnqueteSource, memberEnqueteAnswerCall, memberEnqueteGetCall } from '../../../../shared/api/calls/enquete';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations (the server checks the answers with the survey rules). */
const calls = {
  get: callRef<typeof memberEnqueteGetCall>('/member_enquete/get', 'member'),
  answer: callRef<typeof memberEnqueteAnswerCall>('/member_enquete/answer', 'member'),
};

/** The survey the member answers there (registration, a video's end, a live); 404 when there is none. */
export function useMemberEnquete(source: EnqueteSource, sourceId?: string) {
  return useSWR(teamScoped(calls.get.path, source, sourceId ?? ''), () =>
    callApi(calls.get, { source, ...(sourceId ? { sourceId } : {}) }),
  );
}

export const answerEnquete = (source: EnqueteSource, sourceId: string | undefined, answers: Record<string, string | string[]>) =>
  callApi(calls.answer, { source, ...(sourceId ? { sourceId } : {}), answers });
