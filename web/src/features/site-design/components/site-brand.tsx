import { Group, Image, Text } from '@mantine/core';
import classes from './site-brand.module.css';

interface SiteBrandProps {
  siteName: string;
  /** Basic info's logo (a signed address), null or undefined = none. */
  logoUrl?: string | null;
}

/** The site's logo and name, as every header of a team's pages shows them (member area, catalog, LP). */
export function SiteBrand({ siteName, logoUrl }: SiteBrandProps) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {/* The name follows as text, so the logo is decorative. */}
      {logoUrl && <Image src={logoUrl} alt="" h={32} w="auto" fit="contain" style={{ flexShrink: 0 }} />}
      <Text inherit className={classes.name}>
        {siteName}
      </Text>
    </Group>
  );
}
