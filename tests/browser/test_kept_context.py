"""The context the browser tests share (KeptContext, conftest.py): what one test's pages store is
gone before the next test's pages open."""

import pytest

pytestmark = pytest.mark.browser

STORE = """async () => {
  localStorage.setItem('palette', 'slate');
  const cache = await caches.open('sprout-browser-model');
  await cache.put('/model', new Response('weights'.repeat(1000)));
  await new Promise((done) => {
    const opening = indexedDB.open('kept');
    opening.onupgradeneeded = () => opening.result.createObjectStore('things');
    opening.onsuccess = () => {
      const writing = opening.result.transaction('things', 'readwrite');
      writing.objectStore('things').put('value', 'key');
      writing.oncomplete = () => { opening.result.close(); done(); };
    };
  });
  document.cookie = 'seen=1';
}"""
READ = """async () => ({ local: localStorage.length, caches: (await caches.keys()).length,
                    databases: (await indexedDB.databases()).length, cookie: document.cookie })"""


def test_a_kept_context_hands_the_next_test_empty_storage_and_only_its_own_page(chromium, kept_contexts, widget_root):
    kept = kept_contexts.get(chromium, {"viewport": {"width": 800, "height": 600}})
    page = kept.context.new_page()
    page.goto(f"{widget_root}pages/toys.html")
    page.evaluate(STORE)
    assert page.evaluate(READ) == {"local": 1, "caches": 1, "databases": 1, "cookie": "seen=1"}
    kept.context.new_page()  # a second page the test opened
    assert kept.empty()
    assert kept.context.pages == [kept.anchor]
    page = kept.context.new_page()
    page.goto(f"{widget_root}pages/toys.html")
    assert page.evaluate(READ) == {"local": 0, "caches": 0, "databases": 0, "cookie": ""}
    assert kept.empty()
