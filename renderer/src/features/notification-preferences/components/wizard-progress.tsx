import { Stepper, Text } from '@mantine/core';
import { NOTIFICATION_WIZARD_STEPS } from '@shared/constants';

/** The progress circles and 'Step n of 5' (docs/product.md §Screens and routes). A finished step can be revisited by click. */
export function WizardProgress({ step, onPick }: { step: number; onPick: (step: number) => void }) {
  return (
    <>
      <Text size="sm" fw={600} c="dimmed" data-testid="wizard-step-text">
        Step {step + 1} of {NOTIFICATION_WIZARD_STEPS.length}
      </Text>
      <Stepper active={step} onStepClick={onPick} allowNextStepsSelect={false} size="xs" iconSize={30}>
        {NOTIFICATION_WIZARD_STEPS.map((title) => (
          // No aria-label: the step's own text ("1 News Notifications") names it, number included.
          <Stepper.Step key={title} label={title} />
        ))}
      </Stepper>
    </>
  );
}
