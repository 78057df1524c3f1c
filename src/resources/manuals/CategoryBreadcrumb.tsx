import { Link as RouterLink } from 'react-router-dom';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { manualPaths } from './useManualCategories';

interface Crumb {
  id: number;
  name: string;
}

/** マニュアル › ancestors › the category; the last one is the current page unless a manual is shown below it. */
export const CategoryBreadcrumb = ({ path, lastIsCurrent }: { path: readonly Crumb[]; lastIsCurrent: boolean }) => (
  <Breadcrumbs aria-label="カテゴリの階層" sx={{ mb: 1 }}>
    <Link component={RouterLink} to={manualPaths.list()} underline="hover" color="inherit">
      マニュアル
    </Link>
    {path.map((crumb, index) =>
      lastIsCurrent && index === path.length - 1 ? (
        <Typography key={crumb.id} color="text.primary" aria-current="page">
          {crumb.name}
        </Typography>
      ) : (
        <Link key={crumb.id} component={RouterLink} to={manualPaths.list(crumb.id)} underline="hover" color="inherit">
          {crumb.name}
        </Link>
      ),
    )}
  </Breadcrumbs>
);
