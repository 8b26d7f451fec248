import { Link, queryKeys, siteApi, tagPath, useTranslation } from '@agora/kit';
import { Box, Chip, Divider, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

interface SidebarLink {
  title: string;
  url: string;
}

/** "Title, URL" per line; a line with only a URL is its own title. Lines without an address are left out. */
export function parseLinks(text: string): SidebarLink[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const comma = line.lastIndexOf(',');
      const url = (comma >= 0 ? line.slice(comma + 1) : line).trim();
      const title = comma >= 0 ? line.slice(0, comma).trim() : url;
      return { title: title || url, url };
    })
    .filter((link) => /^https?:\/\//.test(link.url) || link.url.startsWith('/'));
}

/** The sidebar plugin's tags and links under the side navigation, when the admin has it on. */
export function SidebarPlugin() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: queryKeys.sidebarConfig(), queryFn: siteApi.sidebarConfig, staleTime: 60_000 });
  const tags = config.data?.tags ?? [];
  const links = parseLinks(config.data?.links_text ?? '');
  if (tags.length === 0 && links.length === 0) return null;
  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="sidebar-plugin">
      <Divider sx={{ mb: 1 }} />
      {tags.length > 0 ? (
        <Stack spacing={0.75} sx={{ mb: 1.5 }}>
          <Typography variant="overline" color="text.secondary">
            {t('ui.nav.sidebar_tags')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {tags.map((tag) => (
              <Chip
                key={tag.slug_name}
                size="small"
                clickable
                component={Link}
                to={tagPath(tag.slug_name)}
                label={tag.display_name || tag.slug_name}
                color={tag.recommend ? 'primary' : 'default'}
                variant={tag.reserved ? 'filled' : 'outlined'}
              />
            ))}
          </Box>
        </Stack>
      ) : null}
      {links.length > 0 ? (
        <Stack spacing={0.5}>
          <Typography variant="overline" color="text.secondary">
            {t('ui.nav.sidebar_links')}
          </Typography>
          {links.map((link) =>
            link.url.startsWith('/') ? (
              <Link key={`${link.title}-${link.url}`} to={link.url}>
                {link.title}
              </Link>
            ) : (
              <MuiLink key={`${link.title}-${link.url}`} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title}
              </MuiLink>
            ),
          )}
        </Stack>
      ) : null}
    </Box>
  );
}
