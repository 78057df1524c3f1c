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
  return <span data-record-crumb>{name ? String(name) : `#${id}`}</span>;
};

const CrumbText = ({ crumb }: { crumb: Crumb }) =>
  crumb.record ? <RecordName resource={crumb.record.resource} id={crumb.record.id} /> : <>{crumb.label}</>;

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
    minWidth: '3em',
    overflow: 'hidden',
    // Room inside the clip for the link's focus ring, given back by the margin.
    padding: `${FOCUS_RING_REACH}px`,
    margin: `-${FOCUS_RING_REACH}px`,
  },
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
