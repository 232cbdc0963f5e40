import { AspectRatio, Box, Center, Image } from '@mantine/core';
import { IconPhoto, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface MediaThumbnailProps {
  /** A signed media URL; absent when the item has no thumbnail. */
  src?: string;
  /** Said by screen readers for the placeholder only: the card's title already names the image. */
  placeholderLabel: string;
  /** Drawn over the bottom right corner (e.g. the duration). */
  corner?: ReactNode;
  /** The placeholder's icon (a content type's), a photo unless told. */
  placeholderIcon?: Icon;
  iconSize?: number;
}

/** A 16:9 thumbnail, or a neutral placeholder of the same size so a grid never jumps (every member list and content page). */
export function MediaThumbnail({ src, placeholderLabel, corner, placeholderIcon: PlaceholderIcon = IconPhoto, iconSize = 40 }: MediaThumbnailProps) {
  return (
    <Box pos="relative">
      <AspectRatio ratio={16 / 9} bg="gray.2">
        {src ? (
          <Image src={src} alt="" loading="lazy" fit="cover" />
        ) : (
          <Center role="img" aria-label={placeholderLabel} c="gray.5">
            <PlaceholderIcon size={iconSize} stroke={1.5} aria-hidden />
          </Center>
        )}
      </AspectRatio>
      {corner && (
        <Box pos="absolute" right={8} bottom={8}>
          {corner}
        </Box>
      )}
    </Box>
  );
}
