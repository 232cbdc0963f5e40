/** SPEC §2 playlist/:playlistId: the playlist's page in the member area or the catalog (`base` is `/user/<team>` or `/catalog/<team>`). */
export const playlistPath = (base: string, playlistId: string) => `${base}/playlist/${encodeURIComponent(playlistId)}`;

/** SPEC §2 playlist/:parentId/:videoId: a video watched inside the playlist, which then plays on in the playlist's order. */
export const playlistVideoPath = (base: string, playlistId: string, videoId: string) => `${playlistPath(base, playlistId)}/${encodeURIComponent(videoId)}`;
