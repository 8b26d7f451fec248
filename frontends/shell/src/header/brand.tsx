import { Link, useSiteInfo } from '@agora/kit';
import { Box, useMediaQuery, useTheme } from '@mui/material';

/** The logo (mobile variant on small screens when there is one), else the site name. */
export function Brand() {
  const site = useSiteInfo().data;
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const name = site?.general.name ?? '';
  const logo = (small && site?.branding.mobile_logo) || site?.branding.logo;
  return (
    <Link
      to="/"
      color="inherit"
      underline="none"
      sx={{ fontWeight: 700, fontSize: 20, whiteSpace: 'nowrap', display: 'flex', alignItems: 'center', minWidth: 0 }}
    >
      {logo ? (
        <Box component="img" src={logo} alt={name} sx={{ height: 32, maxWidth: 180 }} />
      ) : (
        // A long name is cut short rather than pushing the header wider than a phone.
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {name}
        </Box>
      )}
    </Link>
  );
}
