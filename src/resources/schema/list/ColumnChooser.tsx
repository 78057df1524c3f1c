import { useId, useState } from 'react';
import { useStore } from 'react-admin';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import type { AnyResourceDeclaration } from '../../types';

/**
 * The column chooser: a checkbox per column, written to the DataTable's own store entry (hidden
 * columns per user), so the choice is remembered. It replaces react-admin's ColumnsButton, whose
 * menu holds switches that are not menu items (axe: aria-required-children, nested-interactive).
 */
export const ColumnChooser = ({ resource, storeKey }: { resource: AnyResourceDeclaration; storeKey: string }) => {
  const [hidden, setHidden] = useStore<string[]>(storeKey, resource.list.hiddenColumns ?? []);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const groupId = useId();
  const toggle = (source: string, shown: boolean) =>
    setHidden(shown ? hidden.filter((column) => column !== source) : [...hidden, source]);
  return (
    <>
      <Button size="small" startIcon={<ViewWeekIcon />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="dialog" aria-controls={anchor ? groupId : undefined}>
        列を編集
      </Button>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <FormGroup id={groupId} role="group" aria-label="表示する列" sx={{ px: 2, py: 1, maxHeight: '70vh', flexWrap: 'nowrap', overflowY: 'auto' }}>
          {resource.list.columns.map((source) => (
            <FormControlLabel
              key={source}
              label={resource.fields[source].label}
              control={<Checkbox size="small" checked={!hidden.includes(source)} onChange={(event) => toggle(source, event.target.checked)} />}
            />
          ))}
        </FormGroup>
      </Popover>
    </>
  );
};
