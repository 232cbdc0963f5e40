import type { CallDef } from '../../shared/api/define';
import { taxonomyCallSets, taxonomyKinds, type TaxonomyKind } from '../../shared/api/calls/categories';
import {
  bulkDeleteVideosCall,
  createVideoCall,
  deleteVideoCall,
  deleteVideoVersionCall,
  getVideoCall,
  previewVideoCall,
  listVideosCall,
  listVideoVersionsCall,
  recreateVideoCall,
  updateVideoCall,
} from '../../shared/api/calls/videos';
import type { ErrorCode } from '../../shared/errors';
import { AppError } from '../core/http/app-error';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { checkStoredFile } from '../core/media/file-upload';
import { createTaxonomyItem, deleteTaxonomyItem, getTaxonomyItem, listTaxonomyItems, updateTaxonomyItem, type TaxonomyForm } from '../core/entities/taxonomy';
import { getVideo, listVideos } from '../core/entities/video';
import { previewVideo } from './video-preview';
import {
  bulkDeleteVideos,
  createVideo,
  deleteVideo,
  deleteVideoVersion,
  listVideoVersions,
  recreateVideo,
  updateVideo,
} from './video-service';

const notFoundCode: Record<TaxonomyKind, ErrorCode> = { category: 'common/not_found', tag: 'common/not_found', creator: 'creator/not_found' };
const inUseCode: Record<TaxonomyKind, ErrorCode> = {
  category: 'deletion/category_in_use',
  tag: 'deletion/tag_in_use',
  creator: 'deletion/creator_in_use',
};

async function checkThumbnail(teamId: string, form: TaxonomyForm): Promise<void> {
  if (!form.thumbnailKey) return;
  const problem = await checkStoredFile(teamId, 'thumbnail', form.thumbnailKey);
  if (problem) throw new AppError('common/invalid_input', { thumbnailKey: problem });
}

/** list / get / create / update / delete of one kind (category, tag, creator). */
/** A declaration with its path and permission widened: one implementation serves the category, tag and creator calls. */
type AnyPath<C> = C extends CallDef<infer I, infer O> ? CallDef<I, O> : never;
type Sets = typeof taxonomyCallSets;

function taxonomyCalls(
  kind: TaxonomyKind,
  defs: {
    list: AnyPath<Sets['category']['list']>;
    get: AnyPath<Sets['category']['get']>;
    create: AnyPath<Sets['category']['create']> | AnyPath<Sets['creator']['create']>;
    update: AnyPath<Sets['category']['update']> | AnyPath<Sets['creator']['update']>;
    remove: AnyPath<Sets['category']['remove']>;
  },
): CallImpl[] {
  return [
    implement(defs.list, async (input, ctx) => listTaxonomyItems(teamOf(ctx).teamId, kind, input)),
    implement(defs.get, async (input, ctx) => {
      const item = await getTaxonomyItem(teamOf(ctx).teamId, kind, input.id);
      if (!item) throw new AppError(notFoundCode[kind]);
      return item;
    }),
    implement(defs.create, async (input, ctx) => {
      const { teamId } = teamOf(ctx);
      await checkThumbnail(teamId, input);
      const item = await createTaxonomyItem(teamId, kind, input);
      return { id: item.id };
    }),
    implement(defs.update, async (input, ctx) => {
      const { teamId } = teamOf(ctx);
      const { id, ...form } = input;
      const before = await getTaxonomyItem(teamId, kind, id);
      if (!before) throw new AppError(notFoundCode[kind]);
      if (form.thumbnailKey !== (before.thumbnailKey ?? null)) await checkThumbnail(teamId, form);
      if (!(await updateTaxonomyItem(teamId, kind, id, form))) throw new AppError(notFoundCode[kind]);
      return {};
    }),
    implement(defs.remove, async (input, ctx) => {
      const outcome = await deleteTaxonomyItem(teamOf(ctx).teamId, kind, input.id);
      if (outcome === 'notFound') throw new AppError(notFoundCode[kind]);
      if (outcome === 'inUse') throw new AppError(inUseCode[kind]);
      return {};
    }),
  ];
}

export const contentCalls: CallImpl[] = [
  ...taxonomyKinds.flatMap((kind) => taxonomyCalls(kind, taxonomyCallSets[kind])),

  implement(listVideosCall, async (input, ctx) => listVideos(teamOf(ctx).teamId, input)),

  implement(getVideoCall, async (input, ctx) => {
    const video = await getVideo(teamOf(ctx).teamId, input.videoId);
    if (!video) throw new AppError('video/not_found');
    return video;
  }),

  implement(previewVideoCall, async ({ videoId }, ctx) => {
    const { answer, cookies } = await previewVideo(teamOf(ctx).teamId, videoId, new Date());
    ctx.cookies = cookies;
    return answer;
  }),

  implement(createVideoCall, async (input, ctx) => createVideo(teamOf(ctx).teamId, input)),

  implement(updateVideoCall, async (input, ctx) => {
    const { videoId, version, ...form } = input;
    return updateVideo(teamOf(ctx).teamId, videoId, version, form);
  }),

  implement(deleteVideoCall, async (input, ctx) => {
    if (!(await deleteVideo(teamOf(ctx).teamId, input.videoId))) throw new AppError('video/not_found');
    return {};
  }),

  implement(bulkDeleteVideosCall, async (input, ctx) => bulkDeleteVideos(teamOf(ctx).teamId, input.videoIds, input.typedCount)),

  implement(listVideoVersionsCall, async (input, ctx) => ({ items: await listVideoVersions(teamOf(ctx).teamId, input.videoId) })),

  implement(deleteVideoVersionCall, async (input, ctx) => {
    await deleteVideoVersion(teamOf(ctx).teamId, input.videoId, input.number);
    return {};
  }),

  implement(recreateVideoCall, async (input, ctx) => recreateVideo(teamOf(ctx).teamId, input.videoId)),
];
