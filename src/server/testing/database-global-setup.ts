import type { TestProject } from 'vitest/node';
import { startTestCluster } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseAdminUrl: string;
    testDatabaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startTestCluster();
  project.provide('testDatabaseAdminUrl', cluster.adminUrl);
  project.provide('testDatabaseTemplate', cluster.template);
  return cluster.stop;
}
