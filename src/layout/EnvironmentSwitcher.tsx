import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRuntime } from '../app/RuntimeContext';

/** Production or demo. Switching signs out, because each environment has its own session. */
export const EnvironmentSwitcher = () => {
  const { config, environment, switchEnvironment } = useRuntime();
  if (config.environments.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label="接続先"
      value={environment.key}
      onChange={(event) => switchEnvironment(event.target.value)}
      sx={{
        minWidth: 130,
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
        '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
      }}
    >
      {config.environments.map((item) => (
        <MenuItem key={item.key} value={item.key}>
          {item.label}
        </MenuItem>
      ))}
    </TextField>
  );
};
