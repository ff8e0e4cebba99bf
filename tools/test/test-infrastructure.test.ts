import { chooseTestInfrastructure } from '../src/test-infrastructure';

const answers = (engine: boolean) => jest.fn(() => Promise.resolve(engine));

describe('chooseTestInfrastructure', () => {
  it('chooses containers when a Docker engine answers', async () => {
    expect(await chooseTestInfrastructure({}, answers(true))).toEqual({ kind: 'containers', reason: 'a Docker engine answers' });
  });

  it('chooses the local stack when none answers', async () => {
    expect(await chooseTestInfrastructure({}, answers(false))).toEqual({ kind: 'local-stack', reason: 'no Docker engine answers' });
  });

  it('follows TEST_INFRASTRUCTURE without asking Docker', async () => {
    const probe = answers(true);
    expect(await chooseTestInfrastructure({ TEST_INFRASTRUCTURE: 'local-stack' }, probe)).toMatchObject({ kind: 'local-stack' });
    expect(await chooseTestInfrastructure({ TEST_INFRASTRUCTURE: 'containers' }, answers(false))).toMatchObject({ kind: 'containers' });
    expect(probe).not.toHaveBeenCalled();
  });

  it('refuses an unknown TEST_INFRASTRUCTURE', async () => {
    await expect(chooseTestInfrastructure({ TEST_INFRASTRUCTURE: 'docker' }, answers(true))).rejects.toThrow(
      'TEST_INFRASTRUCTURE must be containers or local-stack, not docker',
    );
  });
});
