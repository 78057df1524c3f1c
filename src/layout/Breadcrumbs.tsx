import { useGetOne, LinkBase } from 'react-admin';
import { useLocation } from 'react-router-dom';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { breadcrumbTrail, type Crumb } from './breadcrumbTrail';
import { routeCatalogue, findResource } from '../resources/registry';
import { routeLabels } from './menu';
import { FOCUS_RING_REACH } from './theme';

const RecordName = ({ resource, id }: { resource: string; id: string }) => {
  const declaration = findResource(resource);
  const field = declaration?.recordRepresentation;
  const { data } = useGetOne(resource, { id }, { enabled: !!field });
  const name = field && data ? data[field] : undefined;
  const text = name ? String(name) : `#${id}`;
  return (
    <span data-record-crumb data-long={isLong(text) || undefined}>
      {text}
    </span>
  );
};

/** Shorter text than the crumb's least width (3em) keeps its own width: no gap after 「#3」. */
const isLong = (text: string) => text.length > 3;

const CrumbText = ({ crumb }: { crumb: Crumb }) =>
  crumb.record ? (
    <RecordName resource={crumb.record.resource} id={crumb.record.id} />
  ) : (
    <span data-long={isLong(crumb.label ?? '') || undefined}>{crumb.label}</span>
  );

/**
 * One line however long a record's name: the fixed crumbs (ホーム, the master's list, 編集) keep
 * their width; a record's name and the last crumb shrink and end in ….
 */
const oneLine = {
  color: 'inherit',
  '& .MuiBreadcrumbs-separator': { color: 'inherit' },
  '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
  '& .MuiBreadcrumbs-li': { flexShrink: 0, whiteSpace: 'nowrap' },
  '& .MuiBreadcrumbs-li:last-of-type, & .MuiBreadcrumbs-li:has([data-record-crumb])': {
    flexShrink: 1,
    minWidth: 0,
    overflow: 'hidden',
    // Room inside the clip for the link's focus ring, given back by the margin.
    padding: `${FOCUS_RING_REACH}px`,
    margin: `-${FOCUS_RING_REACH}px`,
  },
  // A long crumb shrinks to 3em at the least; a short one is never widened to it.
  '& .MuiBreadcrumbs-li:is(:last-of-type, :has([data-record-crumb])):has([data-long])': { minWidth: '3em' },
  '& .MuiBreadcrumbs-li > *': { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
} as const;

/**
 * Where the user is: ホーム › master › record › action, each step a link but the last, which is
 * the current page (aria-current).
 */
export const Breadcrumbs = () => {
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname, { routeCatalogue, findResource, routeLabels });
  return (
    <MuiBreadcrumbs aria-label="パンくずリスト" sx={oneLine}>
      {trail.map((crumb, index) =>
        index < trail.length - 1 && crumb.to ? (
          <Link key={crumb.to} component={LinkBase} to={crumb.to} color="inherit" underline="hover">
            <CrumbText crumb={crumb} />
          </Link>
        ) : (
          <Typography key={crumb.to ?? index} color="inherit" sx={{ fontWeight: 600 }} aria-current="page">
            <CrumbText crumb={crumb} />
          </Typography>
        ),
      )}
    </MuiBreadcrumbs>
  );
};
