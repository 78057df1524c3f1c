import { useMemo, type ComponentType } from 'react';
import { LinkBase, useRecordContext, useResourceContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import type { DetailTabDeclaration, ResourceDeclaration } from '../types';
import { showTabPath } from '../../customRoutes/specPaths';
import { RecordFields } from './RecordFields';
import { lazyPage } from '../../app/lazyPage';

const lazyTabs = new WeakMap<DetailTabDeclaration, ComponentType>();
const tabView = (tab: DetailTabDeclaration): ComponentType | undefined => {
  if (!tab.view) return undefined;
  if (!lazyTabs.has(tab)) lazyTabs.set(tab, lazyPage(tab.view));
  return lazyTabs.get(tab);
};

/**
 * A record's detail tabs, each its own URL (`/{resource}/{id}/{tab}`) so a tab can be linked to
 * and survives a reload.
 */
export const RecordTabs = ({ resource }: { resource: ResourceDeclaration }) => {
  const record = useRecordContext();
  const resourceName = useResourceContext() ?? resource.name;
  const tabs = useMemo(() => resource.show?.tabs ?? [], [resource]);
  const current = useParams()['*'] ?? '';
  const active = tabs.find((tab) => tab.path === current) ?? tabs[0];
  if (!record || !active) return null;
  const View = tabView(active);
  return (
    <Box>
      <Tabs value={active.path} aria-label={`${resource.recordLabel}のタブ`} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={tab.label}
            component={LinkBase}
            to={showTabPath(resourceName, record.id, tab.path)}
            replace
          />
        ))}
      </Tabs>
      <Box sx={{ pt: 2 }}>
        {View ? (
          <View />
        ) : (
          <RecordFields resource={resource} fields={active.fields ?? []} />
        )}
      </Box>
    </Box>
  );
};
