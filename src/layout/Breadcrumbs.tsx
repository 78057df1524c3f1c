import { useGetOne, LinkBase } from 'react-admin';
import { useLocation } from 'react-router-dom';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { breadcrumbTrail, type Crumb } from './breadcrumbTrail';
import { routeCatalogue, findResource } from '../resources/registry';
import { routeLabels } from './menu';
import type { Theme } from '@mui/material/styles';
import { FOCUS_RING_REACH } from './theme';

const RecordName = ({ resource, id }: { resource: string; id: string }) => {
  const declaration = findResource(resource);
  const field = declaration?.recordRepresentation;
  const { data } = useGetOne(resource, { id }, { enabled: !!field });
  const name = field && data ? data[field] : undefined;
  const text = name ? String(name) : `#${id}`;
  return (
    <span data-record-crumb data-long={isLong(text) || undefined} title={text}>
      {text}
    </span>
  );
};

/** Longer than ホーム: it may shrink to the least width; a shorter one (ホーム, 編集, #3) keeps its own. */
const isLong = (text: string) => [...text].length > 3;

// The full text stays in the DOM (screen readers read it whole) and in the title (a shortened crumb's tooltip).
const CrumbText = ({ crumb }: { crumb: Crumb }) =>
  crumb.record ? <RecordName resource={crumb.record.resource} id={crumb.record.id} /> : (
    <span data-long={isLong(crumb.label ?? '') || undefined} title={crumb.label}>
      {crumb.label}
    </span>
  );

/** The least an earlier crumb keeps (a glyph and its …), and a separator's width with its margins. */
const CRUMB_LEAST = '2em';
const SEPARATOR = '22px';

/**
 * One line however long the trail: the last crumb (where the user is) keeps its whole width, as
 * far as the bar leaves room for the earlier steps at their least; the earlier crumbs shrink and end
 * in …, a record's name before a list's title. Nothing runs past the bar's end into the buttons.
 */
const lastCrumbMax = (steps: number) => `max(4em, calc(100% - ${steps - 1} * (${CRUMB_LEAST} + ${SEPARATOR})))`;

const oneLine = (steps: number) => (theme: Theme) =>
  ({
    color: 'inherit',
    '& .MuiBreadcrumbs-separator': { color: 'inherit', flexShrink: 0 },
    '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
    '& .MuiBreadcrumbs-li': {
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      flexShrink: 0,
      // Room inside the clip for the link's focus ring, given back by the margin.
      padding: `${FOCUS_RING_REACH}px`,
      margin: `-${FOCUS_RING_REACH}px`,
    },
    '& .MuiBreadcrumbs-li:has([data-long])': { flexShrink: 0.1, minWidth: CRUMB_LEAST },
    '& .MuiBreadcrumbs-li:not(:last-of-type):has([data-record-crumb][data-long])': { flexShrink: 1 },
    '& .MuiBreadcrumbs-li:last-of-type': {
      flexShrink: 0,
      minWidth: 0,
      maxWidth: lastCrumbMax(steps),
    },
    // A phone's header leaves the trail about 10em: the parent and the current page (ホーム and
    // the lists are in the sidebar's drawer). Items are crumb, separator, crumb…: the last three stay.
    [theme.breakpoints.down('sm')]: {
      '& .MuiBreadcrumbs-ol > li:nth-last-of-type(n + 4)': { display: 'none' },
      '& .MuiBreadcrumbs-li:last-of-type': { maxWidth: lastCrumbMax(Math.min(steps, 2)) },
    },
    '& .MuiBreadcrumbs-li > *': { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  }) as const;

/**
 * Where the user is: ホーム › master › record › action, each step a link but the last, which is
 * the current page (aria-current).
 */
export const Breadcrumbs = () => {
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname, { routeCatalogue, findResource, routeLabels });
  return (
    <MuiBreadcrumbs aria-label="パンくずリスト" sx={oneLine(trail.length)}>
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
