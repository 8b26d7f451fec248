import AddReaction from '@mui/icons-material/AddReaction';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import EditNote from '@mui/icons-material/EditNote';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Flag from '@mui/icons-material/Flag';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import School from '@mui/icons-material/School';
import Share from '@mui/icons-material/Share';
import TaskAlt from '@mui/icons-material/TaskAlt';
import ThumbUp from '@mui/icons-material/ThumbUp';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import { Box } from '@mui/material';

/** The MUI icons badges name (`icon` in the badge routes' answers); any other name gets the trophy. */
const ICONS = {
  AddReaction,
  AssignmentInd,
  EditNote,
  EmojiEvents,
  Flag,
  MilitaryTech,
  School,
  Share,
  TaskAlt,
  ThumbUp,
  WorkspacePremium,
} as const;

/** Bronze, silver and gold (badge levels 1, 2, 3). */
export const BADGE_LEVEL_COLOURS: Record<number, string> = { 1: '#b0713a', 2: '#8a96a3', 3: '#c99a06' };

/** The level's name key in the UI bundles (`ui.badges.level.<name>`). */
export const badgeLevelName = (level: number) => (level === 3 ? 'gold' : level === 2 ? 'silver' : 'bronze');

/** A badge's icon on a disc tinted in its level's colour. */
export function BadgeIcon({ icon, level, size = 40 }: { icon: string; level: number; size?: number }) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? EmojiEvents;
  const colour = BADGE_LEVEL_COLOURS[level] ?? BADGE_LEVEL_COLOURS[1];
  return (
    <Box
      data-testid="badge-icon"
      data-level={level}
      sx={{
        width: size,
        height: size,
        flex: '0 0 auto',
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: colour,
        bgcolor: `${colour}1f`,
        border: `2px solid ${colour}`,
      }}
    >
      <Icon sx={{ fontSize: size * 0.58 }} />
    </Box>
  );
}
