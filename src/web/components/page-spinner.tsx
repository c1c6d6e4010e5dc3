import { Flex, Spin } from 'antd';

/** Shown while a page's chunk or its first data is on the way. */
export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
