package dev.apex.runtime.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.llm.LlmUsage;
import dev.apex.llm.SemanticScene;
import dev.apex.timeline.CachedLabels;
import dev.apex.timeline.LabelCacheHit;
import dev.apex.timeline.LabelKey;
import dev.apex.timeline.LabelStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The label cache on hand-made screens and a fake store. */
class LabelCacheTest {

  private static final LlmUsage CALL = new LlmUsage(300, 40, 0, 900);
  private static final Duration TTL = Duration.ofHours(1);

  /** A bank screen: a title, a row (no text of its own) holding a label, and a button. */
  private static Scene bank(String rowLabel, String button) {
    return new Scene(
        720,
        1600,
        List.of(
            element("title", "text", new Bounds(0, 0, 720, 100), "Accounts"),
            element("row", "item", new Bounds(0, 200, 720, 300), ""),
            element("row-label", "text", new Bounds(20, 220, 400, 280), rowLabel),
            element("go", "button", new Bounds(0, 1400, 720, 1500), button)));
  }

  private static SceneElement element(String id, String type, Bounds bounds, String text) {
    return new SceneElement(
        id, type, bounds, text, 1.0, Source.TREE, "app:id/" + id, Set.of(ElementFlag.CLICKABLE));
  }

  private static final SemanticScene LABELS =
      new SemanticScene(
          "accounts",
          List.of("open an account"),
          List.of(
              new SemanticScene.Widget("title", "names the page"),
              new SemanticScene.Widget("row", "open the savings account"),
              new SemanticScene.Widget("go", "transfer money")));

  /** A dialog: its message, and a confirm icon with no text of its own. */
  private static Scene dialog(String message) {
    return new Scene(
        720,
        1600,
        List.of(
            element("message", "text", new Bounds(60, 600, 660, 700), message),
            element("confirm", "button", new Bounds(500, 800, 660, 900), "")));
  }

  private static final SemanticScene DIALOG_LABELS =
      new SemanticScene(
          "dialog/confirm",
          List.of("answer the dialog"),
          List.of(new SemanticScene.Widget("confirm", "confirm opening settings")));

  /** A store in a map, counting its calls; it can be made to fail. */
  private static final class MapStore implements LabelStore {
    final Map<LabelKey, CachedLabels> entries = new HashMap<>();
    final List<String> calls = new ArrayList<>();
    boolean failing;

    @Override
    public Optional<CachedLabels> get(LabelKey key, Duration ttl) {
      calls.add("get");
      if (failing) {
        throw new IllegalStateException("disk gone");
      }
      return Optional.ofNullable(entries.get(key));
    }

    @Override
    public void put(LabelKey key, CachedLabels labels, Duration ttl) {
      calls.add("put");
      if (failing) {
        throw new IllegalStateException("disk gone");
      }
      entries.put(key, labels);
    }
  }

  @Test
  void aScreenLabelledBeforeIsServedWhatItsCallCostSaved() {
    LabelCache cache = new LabelCache("m", "1-a", null, TTL);
    Scene scene = bank("Savings", "Transfer");
    assertThat(cache.lookup(scene)).isEmpty();
    cache.remember(scene, LABELS, CALL);

    LabelCache.Served served = cache.lookup(bank("Savings", "Transfer")).orElseThrow();

    assertThat(served.labels()).isEqualTo(LABELS);
    assertThat(served.hit()).isEqualTo(new LabelCacheHit(LabelCacheHit.Level.TASK, CALL));
    assertThat(cache.savings().taskCalls()).isEqualTo(1);
    assertThat(cache.savings().tokens()).isEqualTo(1240);
  }

  @Test
  void aWidgetWhoseTextOrWhoseInnerTextsChangedIsLeftOut() {
    LabelCache cache = new LabelCache("m", "1-a", null, TTL);
    cache.remember(bank("Savings", "Transfer"), LABELS, CALL);

    // Same structure, same signature: the button now deletes, the row holds another account.
    SemanticScene served = cache.lookup(bank("Checking", "Delete account")).orElseThrow().labels();

    assertThat(served.page()).isEqualTo("accounts");
    assertThat(served.widgets())
        .extracting(SemanticScene.Widget::elementId)
        .as("the row has no text: what lies inside it is its text")
        .containsExactly("title");
  }

  @Test
  void anIconsPurposeIsServedOnlyForTheWordsItWasMadeFrom() {
    LabelCache cache = new LabelCache("m", "1-a", null, TTL);
    cache.remember(dialog("Open settings to turn on backup?"), DIALOG_LABELS, CALL);

    assertThat(cache.lookup(dialog("Delete all 3 of your photos?")))
        .as("the same dialog asking another question: its icon's purpose is not served")
        .isEmpty();
    assertThat(cache.savings()).isEqualTo(LabelSavings.NONE);
    assertThat(cache.lookup(dialog("Open settings to turn on backup?")).orElseThrow().labels())
        .isEqualTo(DIALOG_LABELS);
  }

  @Test
  void digitsAloneDoNotMakeAnIconsScreenNew() {
    LabelCache cache = new LabelCache("m", "1-a", null, TTL);
    cache.remember(dialog("Delete 3 photos?"), DIALOG_LABELS, CALL);

    assertThat(cache.lookup(dialog("Delete 12 photos?"))).isPresent();
  }

  @Test
  void anEntryStoredWithoutTheScreensWordsServesNoIcon() {
    MapStore store = new MapStore();
    LabelCache first = new LabelCache("m", "1-a", store, TTL);
    first.remember(dialog("Open settings?"), DIALOG_LABELS, CALL);
    // As an entry written before the screen's words were kept reads back.
    store.entries.replaceAll(
        (key, entry) -> new CachedLabels(entry.labels(), entry.texts(), entry.usage()));

    LabelCache later = new LabelCache("m", "1-a", store, TTL);
    assertThat(later.lookup(dialog("Open settings?"))).isEmpty();
    assertThat(later.lookup(bank("Savings", "Transfer"))).isEmpty();
  }

  @Test
  void aWidgetWhoseElementIsGoneIsLeftOut() {
    LabelCache cache = new LabelCache("m", "1-a", null, TTL);
    Scene scene = bank("Savings", "Transfer");
    cache.remember(scene, LABELS, CALL);
    List<SceneElement> renamed = new ArrayList<>(scene.elements());
    SceneElement go = renamed.remove(3);
    renamed.add(
        new SceneElement(
            "go2", go.type(), go.bounds(), go.text(), 1.0, Source.TREE, go.resourceId(), Set.of()));

    SemanticScene served = cache.lookup(new Scene(720, 1600, renamed)).orElseThrow().labels();

    assertThat(served.widgets())
        .extracting(SemanticScene.Widget::elementId)
        .containsExactly("title", "row");
  }

  @Test
  void anotherModelOrPromptVersionDoesNotShareEntries() {
    MapStore store = new MapStore();
    Scene scene = bank("Savings", "Transfer");
    new LabelCache("m", "1-a", store, TTL).remember(scene, LABELS, CALL);

    assertThat(new LabelCache("other", "1-a", store, TTL).lookup(scene)).isEmpty();
    assertThat(new LabelCache("m", "2-b", store, TTL).lookup(scene)).isEmpty();
    LabelCache later = new LabelCache("m", "1-a", store, TTL);
    assertThat(later.lookup(scene).orElseThrow().hit().level())
        .isEqualTo(LabelCacheHit.Level.TIMELINE);
    assertThat(later.lookup(scene).orElseThrow().hit().level())
        .as("then this task's own")
        .isEqualTo(LabelCacheHit.Level.TASK);
    assertThat(later.savings().timelineCalls()).isEqualTo(1);
    assertThat(later.savings().taskCalls()).isEqualTo(1);
  }

  @Test
  void aFailingStoreIsLeftAloneAndTheTaskCacheGoesOn() {
    MapStore store = new MapStore();
    store.failing = true;
    LabelCache cache = new LabelCache("m", "1-a", store, TTL);
    Scene scene = bank("Savings", "Transfer");

    assertThat(cache.lookup(scene)).isEmpty();
    cache.remember(scene, LABELS, CALL);

    assertThat(cache.lookup(scene)).isPresent();
    assertThat(store.calls).as("one failure, then never again").containsExactly("get");
  }

  @Test
  void aTaskRemembersABoundedNumberOfScreens() {
    LabelCache cache = new LabelCache("m", "1-a", null, TTL);
    Scene first = bank("Savings", "Transfer");
    cache.remember(first, LABELS, CALL);
    for (int i = 1; i <= LabelCache.MAX_TASK_ENTRIES; i++) {
      Scene other =
          new Scene(720, 1600 + i, List.of(element("t", "text", new Bounds(0, 0, 9, 9), "")));
      cache.remember(other, LABELS, CALL);
    }
    assertThat(cache.lookup(first)).as("the least recently used is forgotten").isEmpty();
  }
}
