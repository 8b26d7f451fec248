import { useUserCenterAgent } from '@agora/kit';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';

/** The user-center agent's menu: its link and control-center links, when an agent is enabled. */
export function AgentMenu() {
  const agent = useUserCenterAgent().data;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const info = agent?.enabled ? agent.agent_info : undefined;
  if (!info) return null;
  return (
    <>
      <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)}>
        {info.display_name || info.name}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {info.url ? (
          <MenuItem component="a" href={info.url}>
            {info.display_name || info.name}
          </MenuItem>
        ) : null}
        {(info.control_center ?? []).map((entry) => (
          <MenuItem key={entry.name} component="a" href={entry.url}>
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
