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

/** A record's name longer than three glyphs may shrink to the least width; a shorter one (#3) keeps its own. */
const isLong = (text: string) => [...text].length > 3;

// The full text stays in the DOM (screen readers read it whole) and in the title (a shortened crumb's tooltip).
const CrumbText = ({ crumb }: { crumb: Crumb }) =>
  crumb.record ? <RecordName resource={crumb.record.resource} id={crumb.record.id} /> : (
    <span title={crumb.label}>
      {crumb.label}
    </span>
  );

/**
 * One line however long the trail: the fixed crumbs (ホーム, a list's title, 編集, a tab such as
 * ライセンス) keep their width wherever they stand, so where the user is never shrinks to a glyph;
 * a record's name gives way and ends in … (its whole text in the title and for screen readers).
 */
const oneLine = (theme: Theme) =>
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
    '& .MuiBreadcrumbs-li:has([data-record-crumb])': { flexShrink: 1, minWidth: 0 },
    // A long name shrinks to 3em at the least; a short one (#3) is never widened to it.
    '& .MuiBreadcrumbs-li:has([data-record-crumb][data-long])': { minWidth: '3em' },
    // A phone's header leaves the trail about 10em: the parent and the current page (ホーム and
    // the lists are in the sidebar's drawer). Items are crumb, separator, crumb…: the last three
    // stay, and there the current page may shrink too. (Any shrink of it on a wide screen, even a
    // tiny factor, clips a fraction of a pixel and shows an ellipsis.)
    [theme.breakpoints.down('sm')]: {
      '& .MuiBreadcrumbs-ol > li:nth-last-of-type(n + 4)': { display: 'none' },
      '& .MuiBreadcrumbs-li:last-of-type': { flexShrink: 1, minWidth: 0 },
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
