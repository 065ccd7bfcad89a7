package dev.apex.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.apex.llm.LlmClient;
import dev.apex.llm.LlmProvider;
import dev.apex.llm.ToolUseClient;
import dev.apex.runtime.RunnerBeforeTheSplit;
import dev.apex.runtime.planner.ClaudeAgentBeforeTheCut;
import dev.apex.runtime.planner.ModelAgentBeforeTheAssembly;
import dev.apex.runtime.planner.OpensTheSimItself;
import dev.apex.runtime.planner.PolicyBeforeTheSplit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency rules of DESIGN.md, checked on the compiled classes of every module (the CLI's
 * classpath holds them all). The test kit is left out: it is test code users may depend on.
 *
 * <p>This is half of the module cut's guard: {@code docs/architecture.md} lists the modules, what
 * each may depend on, and which rule is checked here (imports between packages) and which by the
 * Maven enforcer in the parent pom (what is on a module's classpath at all, e.g. no {@code
 * com.anthropic} in apex-world's dependency tree). A change to the cut changes both files.
 */
class ArchitectureTest {

  /** The device port (apex-device-api); every other package under dev.apex.device is a driver. */
  private static final String DEVICE_PORT = "dev.apex.device";

  /** The device drivers: apex-device (sim, Android, iOS) and apex-webdriver (web). */
  private static final String[] DRIVERS = {
    "dev.apex.device.sim..",
    "dev.apex.device.android..",
    "dev.apex.device.ios..",
    "dev.apex.device.web.."
  };

  /** The shells over the runtime, which may wire drivers, providers, settings and storage. */
  private static final String[] SHELLS = {
    "dev.apex.cli..", "dev.apex.console..", "dev.apex.bench..", "dev.apex.mcp..", "dev.apex.junit.."
  };

  /** What semantic offers the runtime: the enricher and its records, not its prompt internals. */
  private static final String SEMANTIC_API =
      "dev\\.apex\\.semantic\\.(Enricher|Enrichment|EnrichmentContext)(\\$.*)?";

  /** The main classes of every module, the test kit included. */
  private static JavaClasses everyModule;

  /** The main classes the dependency rules hold for: every module but the test kit. */
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    everyModule =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.apex");
    classes = everyModule.that(not(resideInAPackage("dev.apex.testkit..")));
  }

  /** The llm and world classes other than their models (what storage may read back). */
  private static final DescribedPredicate<JavaClass> OUTSIDE_THE_LLM_AND_WORLD_MODELS =
      resideInAnyPackage("dev.apex.llm..", "dev.apex.world..")
          .and(
              not(
                  nameMatching(
                      "dev\\.apex\\.(llm\\.(SemanticScene|LlmUsage)"
                          + "|world\\.(WorldState|WorldEvent))(\\$.*)?")))
          .as("llm or world classes other than SemanticScene, LlmUsage, WorldState, WorldEvent");

  private static void check(ArchRule rule) {
    rule.check(classes);
  }

  /** Classes of {@code part} use, of apex, only their own part and what {@code allowed} admits. */
  private static ArchRule usesOfApexOnly(String part, DescribedPredicate<JavaClass> allowed) {
    return noClasses()
        .that()
        .resideInAPackage(part)
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.apex..").and(not(resideInAPackage(part))).and(not(allowed)));
  }

  private static DescribedPredicate<JavaClass> in(String... packages) {
    return resideInAnyPackage(packages);
  }

  /**
   * STYLE 18: the packages of every module form no cycle (each package is a slice; a cycle between
   * modules cannot compile, so this is the cycle inside a module).
   */
  @Test
  void packagesFormNoCycle() {
    noPackageCycles().check(everyModule);
  }

  private static ArchRule noPackageCycles() {
    return slices()
        .matching("dev.apex.(**)")
        .namingSlices("dev.apex.$1")
        .should()
        .beFreeOfCycles()
        .because("a package sits on what it uses, so each can be read, and tested, from below");
  }

  /** The cycle the rule was added for: the loop held the planner package's safety policy. */
  @Test
  void theCycleRuleCatchesALoopThatUsesThePlannersWhileTheyBuildIt() {
    JavaClasses regressed =
        new ClassFileImporter()
            .importClasses(RunnerBeforeTheSplit.class, PolicyBeforeTheSplit.class);
    assertThatThrownBy(() -> noPackageCycles().check(regressed))
        .hasMessageContaining("Cycle detected: dev.apex.runtime -> ")
        .hasMessageContaining("dev.apex.runtime.planner -> ")
        .hasMessageContaining(
            "RunnerBeforeTheSplit.guard> has type <" + PolicyBeforeTheSplit.class.getName());
  }

  /**
   * The loop's path through the runtime's packages (docs/architecture.md): the agent assembles a
   * run; the observer ({@code observe}) reads the screen; the planners (the model's, a flow's
   * replay) plan; the loop ({@code dev.apex.runtime}) observes, asks, guards, acts and records; the
   * guard ({@code safety}) admits a step; the tools act. Each uses only what is below it.
   */
  @Test
  void theLoopsPackagesUseOnlyWhatIsBelowThem() {
    check(
        layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("agent")
            .definedBy("dev.apex.runtime.agent..")
            .layer("observe")
            .definedBy("dev.apex.runtime.observe..")
            .layer("model planner")
            .definedBy("dev.apex.runtime.planner..")
            .layer("flows")
            .definedBy("dev.apex.runtime.flow..")
            .layer("loop")
            .definedBy("dev.apex.runtime")
            .layer("guard")
            .definedBy("dev.apex.runtime.safety..")
            .layer("act")
            .definedBy("dev.apex.tools..")
            .whereLayer("agent")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("observe")
            .mayOnlyBeAccessedByLayers("agent")
            .whereLayer("model planner")
            .mayOnlyBeAccessedByLayers("agent")
            .whereLayer("flows")
            .mayOnlyBeAccessedByLayers("agent")
            .whereLayer("loop")
            .mayOnlyBeAccessedByLayers("observe", "model planner", "flows", "agent")
            .whereLayer("guard")
            .mayOnlyBeAccessedByLayers("loop", "model planner", "flows", "agent")
            .whereLayer("act")
            .mayOnlyBeAccessedByLayers(
                "guard", "loop", "observe", "model planner", "flows", "agent"));
  }

  /** DESIGN (turn 3): one class assembles a task runner, for every kind of run. */
  @Test
  void oneClassAssemblesEveryTaskRunner() {
    check(oneAssemblyRule());
  }

  /** The regression the rule exists for: ModelAgent built its own runner, as Agent did twice. */
  @Test
  void theAssemblyRuleCatchesARunnerBuiltElsewhere() {
    JavaClasses regressed =
        new ClassFileImporter().importClasses(ModelAgentBeforeTheAssembly.class);
    assertThatThrownBy(() -> oneAssemblyRule().check(regressed))
        .hasMessageContaining("ModelAgentBeforeTheAssembly.runner(")
        .hasMessageContaining("TaskRunner.builder(");
  }

  private static ArchRule oneAssemblyRule() {
    return noClasses()
        .that()
        .doNotBelongToAnyOf(dev.apex.runtime.RunAssembly.class)
        .should()
        .callMethod(
            dev.apex.runtime.TaskRunner.class,
            "builder",
            dev.apex.device.Device.class,
            dev.apex.runtime.Observer.class,
            dev.apex.runtime.Planner.class)
        .because(
            "each kind of run (flow, heal, goal, a given planner, session) hands its parts to"
                + " RunAssembly, which sets what runs share in one place");
  }

  @Test
  void coreDependsOnNoOtherPart() {
    check(usesOfApexOnly("dev.apex.core..", in()).because("core is the bottom of every module"));
  }

  @Test
  void llmPortsUseOnlyCore() {
    check(
        usesOfApexOnly("dev.apex.llm..", in("dev.apex.core.."))
            .because("the LLM ports and models are what an embedder takes without any provider"));
  }

  @Test
  void semanticUsesOnlyCoreAndLlm() {
    check(usesOfApexOnly("dev.apex.semantic..", in("dev.apex.core..", "dev.apex.llm..")));
  }

  @Test
  void providersUseOnlyCoreAndLlm() {
    check(
        usesOfApexOnly("dev.apex.anthropic..", in("dev.apex.core..", "dev.apex.llm.."))
            .because("a provider implements the llm ports and knows nothing above them"));
    check(
        usesOfApexOnly("dev.apex.openai..", in("dev.apex.core..", "dev.apex.llm.."))
            .because("a provider implements the llm ports and knows nothing above them"));
  }

  @Test
  void onlyTheOpenAiProviderImportsTheOpenAiSdk() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("dev.apex.openai..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("com.openai.."));
  }

  @Test
  void onlyTheAnthropicProviderImportsTheAnthropicSdk() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("dev.apex.anthropic..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("com.anthropic.."));
  }

  @Test
  void perceptionNeverSeesSemanticOrTheLlmSdk() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.perception..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "dev.apex.semantic..",
                "dev.apex.llm..",
                "dev.apex.anthropic..",
                "dev.apex.openai..",
                "com.anthropic..",
                "com.openai..",
                "dev.apex.device..",
                "dev.apex.runtime..",
                "dev.apex.tools..",
                "dev.apex.world..",
                "dev.apex.storage..",
                "dev.apex.config.."));
  }

  @Test
  void describeScreenNeverImportsSemantic() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.tools..")
            .and()
            .haveNameNotMatching("dev\\.apex\\.tools\\.DescribeScreenSemanticTool(\\$.*)?")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.apex.semantic.."));
    check(
        noClasses()
            .that()
            .haveNameMatching("dev\\.apex\\.tools\\.DescribeScreenTool(\\$.*)?")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.apex.llm..", "dev.apex.anthropic..", "dev.apex.openai..")
            .because("describe_screen makes no LLM call (seed 004, D7)"));
  }

  @Test
  void worldDoesNoIoAndCallsNoLlm() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.world..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "java.io..",
                "java.nio..",
                "java.net..",
                "java.sql..",
                "java.util.concurrent..",
                "com.anthropic..",
                "com.openai..",
                "okhttp3..",
                "dev.apex.device..",
                "dev.apex.storage..",
                "dev.apex.runtime..",
                "dev.apex.tools..")
            .orShould()
            .dependOnClassesThat()
            .belongToAnyOf(Thread.class, ProcessBuilder.class, Runtime.class));
  }

  @Test
  void worldReadsOnlyTheLlmModels() {
    check(
        usesOfApexOnly(
                "dev.apex.world..",
                in("dev.apex.core..")
                    .or(nameMatching("dev\\.apex\\.llm\\.(SemanticScene|LlmUsage)(\\$.*)?")))
            .because("the world keeps what a step saw, never a port to call a model (seed 000)"));
  }

  /** DESIGN: the runtime uses the ports and what plugs into them is found, never imported. */
  @Test
  void runtimeAndToolsUseOnlyPortsNotWhatPlugsIntoThem() {
    check(portsOnlyRule());
  }

  private static ArchRule portsOnlyRule() {
    return noClasses()
        .that()
        .resideInAnyPackage("dev.apex.runtime..", "dev.apex.tools..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.apex.anthropic..",
            "dev.apex.openai..",
            "com.anthropic..",
            "com.openai..",
            "dev.apex.storage..",
            "dev.apex.config..",
            "dev.apex.console..",
            "dev.apex.cli..",
            "dev.apex.bench..",
            "dev.apex.mcp..")
        .orShould()
        .dependOnClassesThat()
        .resideInAnyPackage(DRIVERS)
        .because(
            "the runtime opens devices and models through the device port and the llm ports'"
                + " providers; storage, settings and the shells sit above it (docs/architecture.md)");
  }

  /** DESIGN: the runtime uses only semantic's models and ports, never a model client itself. */
  @Test
  void runtimeAndToolsUseOnlySemanticsModelsAndPorts() {
    check(semanticModelsAndPortsRule());
  }

  private static ArchRule semanticModelsAndPortsRule() {
    DescribedPredicate<JavaClass> modelClientOutsideThePorts =
        assignableTo(LlmClient.class)
            .or(assignableTo(ToolUseClient.class))
            .or(assignableTo(LlmProvider.class))
            .and(
                not(
                    resideInAnyPackage(
                        "dev.apex.llm..", "dev.apex.runtime..", "dev.apex.tools..")));
    return noClasses()
        .that()
        .resideInAnyPackage("dev.apex.runtime..", "dev.apex.tools..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.apex.semantic..").and(not(nameMatching(SEMANTIC_API))))
        .orShould()
        .dependOnClassesThat(modelClientOutsideThePorts)
        .because("a model client is found through LlmProviders, never named by the runtime");
  }

  /**
   * The regression DESIGN's rule exists for: ClaudeAgent (now ModelAgent) once built
   * AnthropicToolUseClient.
   */
  @Test
  void theRuntimeRulesCatchAPlannerThatNamesAProviderOrADriver() {
    JavaClasses regressed =
        new ClassFileImporter()
            .importClasses(ClaudeAgentBeforeTheCut.class, OpensTheSimItself.class);
    assertThatThrownBy(() -> portsOnlyRule().check(regressed))
        .hasMessageContaining("ClaudeAgentBeforeTheCut")
        .hasMessageContaining("dev.apex.anthropic.AnthropicToolUseClient")
        .hasMessageContaining("OpensTheSimItself")
        .hasMessageContaining("dev.apex.device.sim.SimDevice");
    assertThatThrownBy(() -> semanticModelsAndPortsRule().check(regressed))
        .hasMessageContaining("ClaudeAgentBeforeTheCut")
        .hasMessageContaining("AnthropicToolUseClient");
  }

  @Test
  void onlyTheShellsAndConfigItselfUseConfig() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackages(concat(SHELLS, "dev.apex.config.."))
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.apex.config..")
            .because("the entry point takes plain options and never reads ~/.apex itself"));
  }

  @Test
  void configSitsBelowTheShellsAndAboveTheRuntime() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.config..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(concat(SHELLS, "dev.apex.storage..", "dev.apex.anthropic.."))
            .orShould()
            .dependOnClassesThat()
            .resideInAnyPackage(DRIVERS));
  }

  @Test
  void onlyDriversAndShellsUseADriver() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackages(concat(SHELLS, DRIVERS))
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(DRIVERS));
  }

  @Test
  void everyDevicePackageIsThePortOrAKnownDriver() {
    check(
        classes()
            .that()
            .resideInAPackage("dev.apex.device..")
            .should()
            .resideInAnyPackage(concat(DRIVERS, DEVICE_PORT))
            .because(
                "the rules above tell the port from the drivers by package: add a new driver to"
                    + " DRIVERS, or keep port types in "
                    + DEVICE_PORT));
  }

  @Test
  void devicePortAndDriversStayBelowPerceptionAndRuntime() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.device..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                concat(
                    SHELLS,
                    "dev.apex.llm..",
                    "dev.apex.semantic..",
                    "dev.apex.anthropic..",
                    "dev.apex.openai..",
                    "dev.apex.world..",
                    "dev.apex.runtime..",
                    "dev.apex.tools..",
                    "dev.apex.storage..",
                    "dev.apex.config..")));
    check(
        usesOfApexOnly(DEVICE_PORT, in("dev.apex.core..")).because("the port is core plus itself"));
  }

  @Test
  void storageUsesOnlyCoreTheTimelineApiAndTheLlmAndWorldModels() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.storage..")
            .should()
            .dependOnClassesThat(
                resideInAnyPackage(
                        concat(
                            SHELLS,
                            "dev.apex.device..",
                            "dev.apex.perception..",
                            "dev.apex.semantic..",
                            "dev.apex.anthropic..",
                            "dev.apex.openai..",
                            "dev.apex.runtime..",
                            "dev.apex.tools..",
                            "dev.apex.config.."))
                    .or(OUTSIDE_THE_LLM_AND_WORLD_MODELS)));
  }

  @Test
  void theTimelineApiUsesOnlyCoreAndTheLlmAndWorldModels() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.timeline..")
            .should()
            .dependOnClassesThat(
                resideInAnyPackage(
                        "dev.apex.device..",
                        "dev.apex.perception..",
                        "dev.apex.semantic..",
                        "dev.apex.runtime..",
                        "dev.apex.tools..",
                        "dev.apex.storage..",
                        "dev.apex.anthropic..",
                        "dev.apex.openai..",
                        "dev.apex.config..",
                        "dev.apex.console..",
                        "dev.apex.cli..",
                        "java.sql..")
                    .or(OUTSIDE_THE_LLM_AND_WORLD_MODELS)));
  }

  @Test
  void nothingBelowTheConsoleAndCliDependsOnThem() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackages("dev.apex.console..", "dev.apex.cli..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.apex.console..", "dev.apex.cli.."));
  }

  private static String[] concat(String[] first, String... more) {
    String[] all = new String[first.length + more.length];
    System.arraycopy(first, 0, all, 0, first.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }

  @Test
  void theRuntimeHoldsTheOneObserverAndTheShellsBuildNoRunnerOfTheirOwn() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("dev.apex.runtime..")
            .should()
            .implement(dev.apex.runtime.Observer.class)
            .because("the perceiving observer lives in the runtime, once (issue 13)"));
    check(
        noClasses()
            .that()
            .resideInAnyPackage(SHELLS)
            .should()
            .dependOnClassesThat()
            .belongToAnyOf(
                dev.apex.runtime.TaskRunner.Builder.class,
                dev.apex.runtime.RunAssembly.class,
                dev.apex.runtime.planner.ModelAgent.class)
            .because(
                "the CLI, the console, the bench and the JUnit extension run tasks through"
                    + " dev.apex.runtime.agent.Agent, not a task factory of their own"));
  }
}
