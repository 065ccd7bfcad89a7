package dev.apex.testkit;

/**
 * Page sources of Appium platforms no real driver can serve here, hand-written (synthetic) in each
 * driver's documented format, for the generic tree parser and the fake W3C servers: element names
 * and attributes as the drivers' documentation and published sources show them, the screens
 * invented. Each has a Submit-like control to tap, a text, an editable field and an invisible
 * element that must not show.
 */
public final class PlatformSources {

  private PlatformSources() {}

  /**
   * WinAppDriver / Appium Windows driver: tags are UI Automation control types; {@code Name},
   * {@code AutomationId}, {@code ClassName}, {@code IsEnabled}, {@code IsOffscreen}, {@code
   * IsPassword}, {@code HasKeyboardFocus}, and the box as {@code x y width height} in screen
   * pixels. The declaration says utf-16 while the source reaches a client as UTF-8 text, as the
   * real ones do. Synthetic. Window 800x600.
   */
  public static final String WINDOWS =
      """
      <?xml version="1.0" encoding="utf-16"?>
      <Window AcceleratorKey="" AccessKey="" AutomationId="" ClassName="ApplicationFrameWindow" \
      FrameworkId="Win32" HasKeyboardFocus="False" HelpText="" IsContentElement="True" \
      IsControlElement="True" IsEnabled="True" IsKeyboardFocusable="True" IsOffscreen="False" \
      IsPassword="False" LocalizedControlType="window" Name="Sign in - Contoso" ProcessId="4242" \
      RuntimeId="42.1" x="0" y="0" width="800" height="600" IsAvailable="True">
        <Text AutomationId="title" ClassName="TextBlock" FrameworkId="XAML" IsEnabled="True" \
      IsOffscreen="False" LocalizedControlType="text" Name="Welcome back" \
      x="40" y="40" width="400" height="40"/>
        <Edit AutomationId="user" ClassName="TextBox" FrameworkId="XAML" HasKeyboardFocus="True" \
      IsEnabled="True" IsOffscreen="False" IsPassword="False" LocalizedControlType="edit" \
      Name="User name" x="40" y="120" width="400" height="40"/>
        <Edit AutomationId="pass" ClassName="PasswordBox" FrameworkId="XAML" IsEnabled="True" \
      IsOffscreen="False" IsPassword="True" LocalizedControlType="edit" Name="Password" \
      x="40" y="180" width="400" height="40"/>
        <Button AutomationId="submit" ClassName="Button" FrameworkId="XAML" IsEnabled="True" \
      IsOffscreen="False" LocalizedControlType="button" Name="Submit" \
      x="40" y="260" width="200" height="50"/>
        <Button AutomationId="later" ClassName="Button" FrameworkId="XAML" IsEnabled="False" \
      IsOffscreen="False" LocalizedControlType="button" Name="Later" \
      x="260" y="260" width="200" height="50"/>
        <Button AutomationId="ghost" ClassName="Button" FrameworkId="XAML" IsEnabled="True" \
      IsOffscreen="True" LocalizedControlType="button" Name="Hidden" \
      x="40" y="900" width="200" height="50"/>
      </Window>
      """;

  /**
   * Appium Mac2 driver: {@code XCUIElementType*} tags with {@code elementType}, {@code identifier},
   * {@code label}, {@code title}, {@code value}, {@code enabled}, {@code selected}, and {@code x y
   * width height} in points. Synthetic. Screen 1440x900 points.
   */
  public static final String MAC2 =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <XCUIElementTypeApplication elementType="2" identifier="" label="" title="Notes" \
      enabled="true" selected="false" x="0" y="0" width="1440" height="900">
        <XCUIElementTypeWindow elementType="4" identifier="main" label="" title="Notes" \
      enabled="true" selected="false" x="100" y="100" width="800" height="600">
          <XCUIElementTypeStaticText elementType="48" identifier="" label="" title="" \
      value="All notes" enabled="true" selected="false" x="120" y="130" width="200" height="20"/>
          <XCUIElementTypeTextField elementType="49" identifier="search" label="Search" title="" \
      value="" placeholderValue="Search" enabled="true" selected="false" \
      x="600" y="130" width="200" height="24"/>
          <XCUIElementTypeCheckBox elementType="12" identifier="pin" label="" title="Pinned" \
      value="1" enabled="true" selected="false" x="120" y="200" width="100" height="20"/>
          <XCUIElementTypeButton elementType="9" identifier="submit" label="" title="Submit" \
      enabled="true" selected="false" x="120" y="600" width="100" height="30"/>
        </XCUIElementTypeWindow>
      </XCUIElementTypeApplication>
      """;

  /**
   * A Tizen (NUI) app: views named by their classes, {@code text} and the box as {@code left top
   * width height} in pixels, {@code focused}/{@code visible} flags. Synthetic. Screen 1920x1080.
   */
  public static final String TIZEN =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <hierarchy>
        <Tizen.NUI.BaseComponents.View id="root" left="0" top="0" width="1920" height="1080" \
      visible="true">
          <Tizen.NUI.BaseComponents.TextLabel id="heading" text="Channels" left="100" top="80" \
      width="600" height="80" visible="true"/>
          <Tizen.NUI.Components.Button id="submit" text="Submit" left="100" top="900" \
      width="300" height="100" focused="true" clickable="true" visible="true"/>
          <Tizen.NUI.BaseComponents.TextField id="query" text="" left="800" top="80" width="600" \
      height="80" visible="true"/>
          <Tizen.NUI.Components.Button id="gone" text="Gone" left="100" top="700" width="300" \
      height="100" visible="false"/>
        </Tizen.NUI.BaseComponents.View>
      </hierarchy>
      """;

  /**
   * A test driver's app (Appium's fake driver style): made-up tags, boxes as UiAutomator-style
   * {@code bounds} or a {@code rect}. Synthetic. Screen 400x800.
   */
  public static final String TEST_DRIVER =
      """
      <app>
        <MockNavBar id="nav" text="Fake app" bounds="[0,0][400,60]"/>
        <MockButton id="submit" text="Submit" clickable="true" bounds="[50,700][350,760]"/>
        <MockInputField id="name" label="Your name" rect="{x: 50, y: 100, width: 300, height: 40}"/>
      </app>
      """;
}
