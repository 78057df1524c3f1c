import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import type { ManualCategory } from '../../dataProvider/methods/manuals';
import { loadedNodes, openPath, toggleNode, type OpenNodes } from './categoryTreeState';
import { manualPaths, useCategory, useRootCategories } from './useManualCategories';

interface NodeProps {
  category: ManualCategory;
  open: OpenNodes;
  loaded: OpenNodes;
  currentId: number | undefined;
  onToggle: (id: number) => void;
}

/** A node's children, asked for the first time the node opens and kept mounted (hidden) after. */
const Children = ({ id, hidden, listId, ...rest }: Omit<NodeProps, 'category'> & { id: number; hidden: boolean; listId: string }) => {
  const { data, isPending, isError } = useCategory(id);
  if (isPending) {
    return hidden ? null : (
      <Box role="status" sx={{ pl: 4, py: 0.5, display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={14} aria-hidden />
        <Typography variant="body2">読み込み中…</Typography>
      </Box>
    );
  }
  if (isError) return hidden ? null : <Typography variant="body2" color="error" sx={{ pl: 4 }} role="alert">サブカテゴリを読み込めませんでした。</Typography>;
  return (
    <Box component="ul" id={listId} hidden={hidden} sx={{ listStyle: 'none', m: 0, pl: 2 }}>
      {data.children.map((child) => (
        <CategoryNode key={child.id} category={child} {...rest} />
      ))}
    </Box>
  );
};

const CategoryNode = ({ category, open, loaded, currentId, onToggle }: NodeProps) => {
  const listId = useId();
  const isOpen = open.has(category.id);
  const current = currentId === category.id;
  return (
    <li>
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 34 }}>
        {category.hasChild ? (
          <IconButton
            size="small"
            aria-expanded={isOpen}
            aria-controls={isOpen ? listId : undefined}
            aria-label={`${category.name}のサブカテゴリ`}
            onClick={() => onToggle(category.id)}
          >
            {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34, flexShrink: 0 }} />
        )}
        <Link
          component={RouterLink}
          to={manualPaths.list(category.id)}
          aria-current={current ? 'page' : undefined}
          underline="hover"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, py: 0.5, fontWeight: current ? 700 : 400, color: 'text.primary' }}
        >
          <FolderIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
          {category.name}
        </Link>
      </Box>
      {category.hasChild && loaded.has(category.id) && (
        <Children id={category.id} hidden={!isOpen} listId={listId} open={open} loaded={loaded} currentId={currentId} onToggle={onToggle} />
      )}
    </li>
  );
};

/**
 * The category tree beside every manual screen: disclosure buttons (aria-expanded) before each
 * node with children, whose children load on first opening; the category being shown is marked
 * and its ancestors opened.
 */
export const CategoryTree = ({ currentId, ancestorIds }: { currentId?: number; ancestorIds: readonly number[] }) => {
  const roots = useRootCategories();
  const [{ open, loaded }, setNodes] = useState<{ open: OpenNodes; loaded: OpenNodes }>(() => ({ open: new Set(ancestorIds), loaded: new Set(ancestorIds) }));
  const change = (next: OpenNodes) => setNodes((current) => ({ open: next, loaded: loadedNodes(current.loaded, next) }));
  // Showing another category opens its ancestors (state adjusted while rendering, as React advises).
  const pathKey = ancestorIds.join(',');
  const [shownPath, setShownPath] = useState(pathKey);
  if (shownPath !== pathKey) {
    setShownPath(pathKey);
    change(openPath(open, ancestorIds));
  }

  return (
    <Box component="nav" aria-label="マニュアルのカテゴリ">
      {roots.isPending && <Typography variant="body2" role="status">読み込み中…</Typography>}
      {roots.isError && <Typography variant="body2" color="error" role="alert">カテゴリを読み込めませんでした。</Typography>}
      {roots.data && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {roots.data.map((category) => (
            <CategoryNode
              key={category.id}
              category={category}
              open={open}
              loaded={loaded}
              currentId={currentId}
              onToggle={(id) => change(toggleNode(open, id))}
            />
          ))}
        </Box>
      )}
    </Box>
  );
};
