import { Image, type MantineSpacing } from '@mantine/core';

interface DesignPageImageProps {
  /** The page kind's image (signed address from the public design), null or undefined = none: nothing is drawn. */
  url: string | null | undefined;
  /** Tallest it may be on this page (the image is cropped to fill the width). */
  maxHeight?: number;
  mb?: MantineSpacing;
}

/**
 * SPEC §3 page kinds: the image the designer set for this page at site_customize/image, shown the same way on every
 * page (full width, rounded, cropped to its height). Decorative, so `alt=""`.
 */
export function DesignPageImage({ url, maxHeight = 200, mb = 'lg' }: DesignPageImageProps) {
  if (!url) return null;
  return <Image src={url} alt="" radius="md" mb={mb} mah={maxHeight} fit="cover" data-design-page-image="" />;
}
