package dev.apex.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency rules of DESIGN.md, checked on the compiled classes of every module (the CLI's
 * classpath holds them all). The test kit is left out: it is test code users may depend on.
 */
class ArchitectureTest {

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("/dev/apex/testkit/"))
            .importPackages("dev.apex");
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

  @Test
  void coreDependsOnNoOtherPart() {
    check(
        noClasses()
            .that()
            .resideInAPackage("dev.apex.core..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "dev.apex.timeline..",
                "dev.apex.device..",
                "dev.apex.perception..",
                "dev.apex.semantic..",
                "dev.apex.world..",
                "dev.apex.runtime..",
                "dev.apex.tools..",
                "dev.apex.storage..",
                "dev.apex.console..",
                "dev.apex.bench..",
                "dev.apex.cli.."));
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
                "com.anthropic..",
                "dev.apex.device..",
                "dev.apex.runtime..",
                "dev.apex.tools..",
                "dev.apex.world.."));
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
        noClasses()
            .that()
            .resideInAPackage("dev.apex.world..")
            .should()
            .dependOnClassesThat(
                resideInAnyPackage("dev.apex.semantic..", "dev.apex.anthropic..")
                    .or(
                        resideInAPackage("dev.apex.llm..")
                            .and(
                                not(
                                    nameMatching(
                                        "dev\\.apex\\.llm\\.(SemanticScene|LlmUsage)(\\$.*)?"))))));
  }

  @Test
  void runtimeAndToolsDoNotReachStorageOrTheSdk() {
    check(
        noClasses()
            .that()
            .resideInAnyPackage("dev.apex.runtime..", "dev.apex.tools..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.apex.storage..", "com.anthropic.."));
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
                "dev.apex.semantic..",
                "dev.apex.world..",
                "dev.apex.runtime..",
                "dev.apex.tools..",
                "dev.apex.storage..",
                "dev.apex.console..",
                "dev.apex.cli.."));
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
                        "dev.apex.device..",
                        "dev.apex.perception..",
                        "dev.apex.semantic..",
                        "dev.apex.runtime..",
                        "dev.apex.tools..",
                        "dev.apex.console..",
                        "dev.apex.cli..")
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
}
