import { readInlineRuntime } from './inline-runtime';

function pageWith(json: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('Lager');
  if (json !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'lager-runtime';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

test('reads the config and remotes manifest the serving stack wrote into the page', () => {
  const data = {
    config: { apiBaseUrl: '', apiHost: 'lager.example', contactEmail: 'kontakt@lager.example' },
    remotes: { remotes: { 'remote-info': { stable: { version: '1.0.0', entry: 'http://cdn/mf-manifest.json' } } } },
  };
  expect(readInlineRuntime(pageWith(JSON.stringify(data)))).toEqual(data);
});

test('a page without the data block, or with a broken one, yields nothing (the shell fetches the files)', () => {
  expect(readInlineRuntime(pageWith(undefined))).toEqual({});
  expect(readInlineRuntime(pageWith('{"config": '))).toEqual({});
  expect(readInlineRuntime(pageWith('42'))).toEqual({});
});
