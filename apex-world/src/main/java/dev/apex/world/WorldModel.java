package dev.apex.world;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.llm.SemanticScene;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one task run's {@link WorldState} up to date, one executed step at a time (seed 000).
 *
 * <p>The update rules of D2, deterministic and free of I/O:
 *
 * <ul>
 *   <li>{@code currentPage} becomes the semantic scene's page when there is a semantic scene naming
 *       one; otherwise it stays as it was.
 *   <li>{@code currentApp} becomes the app of a successful {@value #LAUNCH_APP}; a successful
 *       {@value #TERMINATE_APP} of the current app clears it, of another app leaves it. The app is
 *       the string argument {@code bundle_id}, else {@code app_id}. A failed step, or one without a
 *       result, leaves it as it was.
 *   <li>{@code variables} change only through a step's {@value #REMEMBER} argument, a map from
 *       string keys to values (a null value forgets the key). It applies whether or not the step
 *       succeeded: it records what the planner knows, not what the device did.
 *   <li>{@code screenSignature} becomes the {@link ScreenSignature} of every scene observed, with
 *       or without a semantic scene.
 *   <li>{@code history} gains one {@link WorldEvent} per call; past {@link
 *       WorldConfig#historySize()} the oldest is dropped.
 * </ul>
 *
 * <p>{@link #observe} never throws. A missing input (null scene, semantic scene, step or result) or
 * a wrongly typed argument leaves the fields it feeds unchanged; the others still update. An
 * unexpected failure in one rule is logged at debug with its stack trace and skips that rule only.
 *
 * <p>Not thread-safe: one model belongs to one task run and is driven by its loop thread. The
 * states it hands out are immutable and may be read from any thread.
 */
public final class WorldModel {

  public static final String LAUNCH_APP = "launch_app";
  public static final String TERMINATE_APP = "terminate_app";
  public static final String REMEMBER = "remember";
  static final String BUNDLE_ID = "bundle_id";
  static final String APP_ID = "app_id";

  private static final Logger LOG = LoggerFactory.getLogger(WorldModel.class);

  /** Growing past this is left to the deque, so a huge configured bound costs nothing up front. */
  private static final int MAX_INITIAL_CAPACITY = 64;

  private final WorldConfig config;
  private final ArrayDeque<WorldEvent> history;
  private String currentApp;
  private String currentPage;
  private String screenSignature;
  private Map<String, Object> variables = Map.of();
  private int steps;

  /** The last state handed out; null once an observation has made it stale. */
  private WorldState snapshot = WorldState.EMPTY;

  /** A model with {@link WorldConfig#defaults()}. */
  public WorldModel() {
    this(WorldConfig.defaults());
  }

  public WorldModel(WorldConfig config) {
    this.config = Objects.requireNonNull(config, "config");
    this.history = new ArrayDeque<>(Math.min(config.historySize(), MAX_INITIAL_CAPACITY));
  }

  public WorldConfig config() {
    return config;
  }

  /**
   * Folds one executed step into the state. Call it once per executed step, after the step's result
   * is known. Does nothing when the config is disabled. Never throws.
   *
   * @param scene the scene the step was planned on, or null if observing failed
   * @param semanticScene its semantic scene, or null when enrichment is off or failed
   * @param step the step executed, or null (then the result's step is used, if any)
   * @param result what executing it gave, or null when unknown (counts as not succeeded)
   */
  public void observe(
      Scene scene, SemanticScene semanticScene, PlannedStep step, StepResult result) {
    if (!config.enabled()) {
      return;
    }
    // Saturates rather than wraps: an index must stay positive, and 2^31 steps is not a task.
    int index = steps == Integer.MAX_VALUE ? steps : ++steps;
    snapshot = null;
    PlannedStep executed = step != null ? step : result != null ? result.step() : null;
    boolean succeeded = result != null && result.success();
    String signature = scene != null ? updateSignature(scene, index) : null;
    try {
      String page = pageOf(semanticScene);
      if (page != null) {
        currentPage = page;
      }
    } catch (RuntimeException e) {
      LOG.debug("world step {}: current page not updated", index, e);
    }
    if (executed != null) {
      try {
        updateApp(executed, succeeded, index);
      } catch (RuntimeException e) {
        LOG.debug("world step {}: current app not updated", index, e);
      }
      try {
        Object remember = executed.args().get(REMEMBER);
        if (remember != null) {
          variables = Variables.remember(variables, remember, index);
        }
      } catch (RuntimeException e) {
        LOG.debug("world step {}: variables not updated", index, e);
      }
    }
    try {
      String action = executed != null ? executed.action() : "";
      WorldEvent event = WorldEvent.of(index, action, succeeded, semanticScene, scene, signature);
      if (history.size() >= config.historySize()) {
        history.pollFirst();
      }
      history.addLast(event);
    } catch (RuntimeException e) {
      LOG.debug("world step {}: history not updated", index, e);
    }
  }

  private String updateSignature(Scene scene, int index) {
    try {
      String signature = ScreenSignature.of(scene);
      screenSignature = signature;
      return signature;
    } catch (RuntimeException e) {
      LOG.debug("world step {}: screen signature not updated", index, e);
      return null;
    }
  }

  /**
   * An immutable snapshot of the state now. Later observations do not change it. Cheap to call
   * repeatedly: the snapshot is built once per observation.
   */
  public WorldState state() {
    WorldState s = snapshot;
    if (s == null) {
      s = new WorldState(currentApp, currentPage, screenSignature, variables, List.copyOf(history));
      snapshot = s;
    }
    return s;
  }

  private void updateApp(PlannedStep step, boolean succeeded, int index) {
    String action = step.action();
    boolean launch = LAUNCH_APP.equals(action);
    if (!succeeded || !(launch || TERMINATE_APP.equals(action))) {
      return;
    }
    Map<String, Object> args = step.args();
    String app = appArg(args.get(BUNDLE_ID), BUNDLE_ID, index);
    if (app == null) {
      app = appArg(args.get(APP_ID), APP_ID, index);
    }
    if (app == null) {
      LOG.debug("world step {}: {} without a string bundle_id or app_id", index, action);
    } else if (launch) {
      currentApp = app;
    } else if (app.equals(currentApp)) {
      currentApp = null;
    }
  }

  private static String appArg(Object value, String name, int index) {
    if (value instanceof String s && !s.isBlank()) {
      return s;
    }
    if (value != null) {
      LOG.debug("world step {}: {} is a {}, not an app id; ignored", index, name, value.getClass());
    }
    return null;
  }

  /** The page a semantic scene names, or null when there is none or it is blank. */
  static String pageOf(SemanticScene semanticScene) {
    if (semanticScene == null) {
      return null;
    }
    String page = semanticScene.page();
    return page == null || page.isBlank() ? null : page;
  }
}
