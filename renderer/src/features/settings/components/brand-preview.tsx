import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { BRAND_TEXT_SHADE, brandShadeList } from '@shared/brand-shades';
import { DEFAULT_BRANDING, HEX_COLOUR } from '@shared/branding';

/** Half-typed colours preview as the default rather than as broken CSS. */
const usable = (hex: string, fallback: string) => (HEX_COLOUR.test(hex) ? hex : fallback);

/**
 * The colours as they will look, before saving. Plain CSS colours, not a nested theme: a second
 * MantineProvider would rewrite the page-wide CSS variables and restyle the whole app early.
 */
export function BrandPreview(props: { primary: string; secondary: string }) {
  const primary = usable(props.primary, DEFAULT_BRANDING.primaryColor);
  const secondary = usable(props.secondary, DEFAULT_BRANDING.secondaryColor);
  // Outline and light text use the colour's text shade, as the theme will (shared/brand-shades.ts).
  const primaryText = brandShadeList(primary)[BRAND_TEXT_SHADE];
  const secondaryText = brandShadeList(secondary)[BRAND_TEXT_SHADE];
  return (
    <Paper
      p="sm"
      radius="sm"
      bg="dark.7"
      withBorder
      data-testid="brand-preview"
      style={{ borderLeft: `4px solid ${secondary}` }}
    >
      <Text size="xs" c="dimmed" mb={6}>
        Preview
      </Text>
      <Group gap="xs">
        <Button size="xs" color={primary}>
          Filled button
        </Button>
        <Button size="xs" variant="outline" color={primaryText}>
          Outline button
        </Button>
        <Badge color={primary}>Badge</Badge>
        <Badge color={secondaryText} variant="light">
          Secondary
        </Badge>
      </Group>
    </Paper>
  );
}
