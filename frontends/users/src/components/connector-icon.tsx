import type { SvgIconComponent } from '@mui/icons-material';
import BusinessIcon from '@mui/icons-material/Business';
import ForumIcon from '@mui/icons-material/Forum';
import GitHubIcon from '@mui/icons-material/GitHub';
import GoogleIcon from '@mui/icons-material/Google';
import KeyIcon from '@mui/icons-material/Key';
import MicrosoftIcon from '@mui/icons-material/Microsoft';

/** The icons an admin may name for a connector's button; anything else draws a key. */
const ICONS: Record<string, SvgIconComponent> = {
  Business: BusinessIcon,
  Forum: ForumIcon,
  GitHub: GitHubIcon,
  Google: GoogleIcon,
  Key: KeyIcon,
  Microsoft: MicrosoftIcon,
};

export function ConnectorIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? KeyIcon;
  return <Icon fontSize="small" />;
}
